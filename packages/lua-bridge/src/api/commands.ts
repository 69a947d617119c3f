/**
 * lug.cmd.register: `:commands` in the core's registry, which the TUI reads.
 * A Lua registration replaces one of the same name (the TUI's own included)
 * until it is removed. lug.cmd.refresh runs a function before each read of
 * the registry (its beforeRead), for commands that come from outside lug.
 * Keys are in keymap.ts.
 */
import type { LuaState } from '../fengari.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const CMD_REFRESH = signature('lug.cmd.refresh', [['fn', is.function]]);

const CMD_REGISTER = signature('lug.cmd.register', [
  ['name', is.string],
  ['fn', is.function],
  ['opts', is.fields({ desc: is.string.optional(), complete: is.function.optional() }).optional({})],
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
    refresh: (Ls) => {
      const [fn] = CMD_REFRESH.read(vm, Ls);
      const where = vm.where(Ls);
      const warn = (err: unknown) => host.events.emit('notify', { message: `the lug.cmd.refresh function made at ${where} failed: ${(err as Error)?.message ?? String(err)}`, level: 'warn' });
      const remove = host.commands.beforeRead(() => {
        try {
          const out = fn.call([]);
          // It waited, which it must not: what it does later still counts, an error in it is still said.
          if (out instanceof Promise) out.catch(warn);
        } catch (err) {
          warn(err);
        }
      });
      pushRemover(vm, Ls, ctx.track(() => {
        remove();
        fn.release();
      }));
      return 1;
    },
  });
}
