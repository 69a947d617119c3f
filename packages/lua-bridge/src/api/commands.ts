/**
 * lug.cmd.register and lug.keymap.set: `:commands` and keys in the core's
 * registries, which the TUI reads. A Lua registration replaces one of the same
 * name (the TUI's own included) until it is removed.
 */
import type { LuaState } from '../fengari.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { LuaArgs } from './lua-args.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';

async function runLua(fn: LuaFunctionRef, args: unknown[]): Promise<void> {
  await fn.call(args);
}

export function pushCmdApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  pushFunctions(vm, L, 'lug.cmd', {
    register: (Ls) => {
      const a = new LuaArgs(vm, Ls);
      const name = a.string(1, 'name');
      const fn = a.func(2, 'fn');
      const opts = a.optTable(3, 'opts');
      const complete = opts.complete as LuaFunctionRef | undefined;
      if (opts.desc !== undefined && typeof opts.desc !== 'string') throw new Error('opts.desc must be a string');
      const remove = host.commands.register({
        name,
        desc: (opts.desc as string | undefined) ?? '',
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
      const a = new LuaArgs(vm, Ls);
      const keys = a.string(1, 'keys');
      const opts = a.optTable(3, 'opts');
      if (opts.desc !== undefined && typeof opts.desc !== 'string') throw new Error('opts.desc must be a string');
      let run: () => Promise<void>;
      let release = () => {};
      let desc = (opts.desc as string | undefined) ?? '';
      if (a.is(2, 'string')) {
        const action = a.string(2, 'action');
        const m = /^:(\S+)\s*(.*)$/.exec(action);
        if (!m) throw new Error(`a key's action is a function or a ":command" string, got "${action}"`);
        const [, name, argText] = m as unknown as [string, string, string];
        run = async () => {
          const command = host.commands.get(name);
          if (!command) throw new Error(`the key ${keys} runs :${name}, which is not a command`);
          await command.run(argText);
        };
        desc ||= action;
      } else {
        const fn = a.func(2, 'action');
        run = () => runLua(fn, []);
        release = () => fn.release();
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
