/**
 * lug.mode: modes a plugin adds beside the approval modes (the stock plan
 * workflow's plan mode), in the host's registry (`host.modes`), which an
 * editor offers as session modes. `define` gives the mode its name, its
 * description and the function that puts it in force or lifts it; `set`
 * switches it (waiting for that function), whoever asks: the plugin's own
 * `:command`, or the editor.
 */
import type { LuaState } from '../fengari.js';
import { luaString } from '../lua-strings.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const MODE_ID = is.string.that((id) => /^[a-z][a-z0-9_-]*$/.test(id), 'an id of lower-case letters, digits, _ and -, starting with a letter');

const DEFINE = signature('lug.mode.define', [
  ['id', MODE_ID],
  ['spec', is.fields({ name: is.string, description: is.string, apply: is.function }, 'table ({ name, description, apply })')],
]);
const SET = signature('lug.mode.set', [
  ['id', is.string],
  ['on', is.boolean],
]);

export function pushModeApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(vm, L, 'lug.mode', {
    define: (Ls) => {
      const [id, spec] = DEFINE.read(vm, Ls);
      const remove = host.modes.define({
        id,
        name: spec.name,
        description: spec.description,
        apply: async (on) => void (await spec.apply.call([on])),
      });
      pushRemover(vm, Ls, ctx.track(() => {
        remove();
        spec.apply.release();
      }));
      return 1;
    },
    set: vm.asyncFn('lug.mode.set', async (Ls) => {
      const [id, on] = SET.read(vm, Ls);
      await host.modes.set(id, on);
      return [];
    }),
    current: (Ls) => {
      const id = host.modes.current();
      if (id === undefined) vm.f.lua.lua_pushnil(Ls);
      else vm.f.lua.lua_pushstring(Ls, luaString(id));
      return 1;
    },
  });
}
