/** lug.prompt: named sections of the system prompt (the core's host.prompt), each a text or a function giving it at every request. */
import type { LuaState } from '../fengari.js';
import { messageOf } from '../lua-error.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const ADD = signature('lug.prompt.add', [
  ['name', is.string.that((n) => /^[A-Za-z0-9_.:-]+$/.test(n), 'a name of letters, digits and _ . : -')],
  ['text', is.anyOf(is.string, is.function)],
]);
const REMOVE = signature('lug.prompt.remove', [['name', is.string]]);
const LIST = signature('lug.prompt.list', []);

/** A Lua function as a section's text: called at every request, synchronously (a section cannot wait). */
function sectionText(fn: LuaFunctionRef, source: string): () => string {
  return () => {
    let out: unknown[] | Promise<unknown[]>;
    try {
      out = fn.call([]);
    } catch (err) {
      throw new Error(`its function (made at ${source}) failed: ${messageOf(err)}`);
    }
    if (out instanceof Promise) {
      out.catch(() => {});
      throw new Error(`its function (made at ${source}) waited (lug.ui.confirm, lug.proc.run…); a section's function must return its text at once`);
    }
    const [text] = out;
    if (text === undefined || text === null) return '';
    if (typeof text !== 'string') throw new Error(`its function (made at ${source}) returned a ${typeof text}; it returns the section's text, or nil for none`);
    return text;
  };
}

export function pushPromptApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  // The latest registration of each name, so lug.prompt.remove(name) takes back what add did.
  const removers = new Map<string, () => void>();
  pushFunctions(vm, L, 'lug.prompt', {
    add: (Ls) => {
      const [name, text] = ADD.read(vm, Ls);
      const source = vm.where(Ls);
      const fn = typeof text === 'string' ? undefined : (text as LuaFunctionRef);
      const removeSection = host.prompt.add(name, fn ? sectionText(fn, source) : (text as string));
      removers.get(name)?.();
      const remove = ctx.track(() => {
        removeSection();
        fn?.release();
        if (removers.get(name) === remove) removers.delete(name);
      });
      removers.set(name, remove);
      pushRemover(vm, Ls, remove);
      return 1;
    },
    remove: (Ls) => {
      const [name] = REMOVE.read(vm, Ls);
      const remove = removers.get(name);
      remove?.();
      vm.f.lua.lua_pushboolean(Ls, remove !== undefined);
      return 1;
    },
    list: (Ls) => {
      LIST.read(vm, Ls);
      vm.pushJs(Ls, host.prompt.names());
      return 1;
    },
  });
}
