/**
 * lug.cmd.register and lug.keymap.set: `:commands` and keys in the core's
 * registries, which the TUI reads. A Lua registration replaces one of the same
 * name (the TUI's own included) until it is removed.
 */
import type { LuaState } from '../fengari.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const CMD_REGISTER = signature('lug.cmd.register', [
  ['name', is.string],
  ['fn', is.function],
  ['opts', is.fields({ desc: is.string.optional(), complete: is.function.optional() }).optional({})],
]);

/** A key's action: a function, or a command line such as ":auto" or ":model opus". */
const COMMAND_LINE = /^:(\S+)\s*(.*)$/;

const KEYMAP_SET = signature('lug.keymap.set', [
  ['keys', is.string],
  ['action', is.anyOf(is.function, is.string.that((s) => COMMAND_LINE.test(s), 'a ":command" string')).describedAs('a function or a ":command" string')],
  ['opts', is.fields({ desc: is.string.optional() }).optional({})],
]);

async function runLua(fn: LuaFunctionRef, args: unknown[]): Promise<void> {
  await fn.call(args);
}

export function pushCmdApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(vm, L, 'lug.cmd', {
    register: (Ls) => {
      const [name, fn, opts] = CMD_REGISTER.read(vm, Ls);
      const { complete } = opts;
      const remove = host.commands.register({
        name,
        desc: opts.desc ?? '',
        source: `lua:${vm.where(Ls)}`,
        run: (argText) => runLua(fn, [argText]),
        complete: complete
          ? (argText) => {
              const out = complete.call([argText]);
              if (out instanceof Promise) return []; // completion cannot wait
              return Array.isArray(out[0]) ? out[0].map(String) : [];
            }
          : undefined,
      });
      pushRemover(vm, Ls, ctx.track(() => {
        remove();
        fn.release();
        complete?.release();
      }));
      return 1;
    },
  });
}

export function pushKeymapApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(vm, L, 'lug.keymap', {
    set: (Ls) => {
      const [keys, action, opts] = KEYMAP_SET.read(vm, Ls);
      let run: () => Promise<void>;
      let release = () => {};
      let desc = opts.desc ?? '';
      if (typeof action === 'string') {
        const [, name, argText] = COMMAND_LINE.exec(action) as unknown as [string, string, string];
        run = async () => {
          const command = host.commands.get(name);
          if (!command) throw new Error(`the key ${keys} runs :${name}, which is not a command`);
          await command.run(argText);
        };
        desc ||= action;
      } else {
        run = () => runLua(action, []);
        release = () => action.release();
      }
      const remove = host.keys.set({ keys, desc, run, source: `lua:${vm.where(Ls)}` });
      pushRemover(vm, Ls, ctx.track(() => {
        remove();
        release();
      }));
      return 1;
    },
  });
}
