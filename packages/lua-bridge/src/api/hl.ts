/**
 * lug.hl: the interface's colours by highlight group, Neovim's way:
 * `lug.hl.set("prompt", { fg = "magenta", bold = true })` replaces a group's
 * style, `lug.hl.set("prompt")` restores its default. The styles live in the
 * `highlights` option, which the interface defines with its groups and checks
 * (group names, colours); this function checks the argument's shape.
 */
import type { LuaState } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const STYLE = is.fields({
  fg: is.string.optional(),
  bg: is.string.optional(),
  bold: is.boolean.optional(),
  italic: is.boolean.optional(),
  underline: is.boolean.optional(),
  dim: is.boolean.optional(),
});

const HL_SET = signature('lug.hl.set', [
  ['group', is.string],
  ['style', STYLE.optional()],
]);

const HL_GET = signature('lug.hl.get', [['group', is.string]]);

export function pushHlApi(ctx: ApiContext, L: LuaState): void {
  const { vm, host } = ctx;
  const current = (): Record<string, unknown> => {
    if (!host.options.has('highlights')) throw new Error('no interface with highlight groups is loaded in this lug');
    return host.options.get<Record<string, unknown>>('highlights') ?? {};
  };
  pushFunctions(vm, L, 'lug.hl', {
    set: (Ls) => {
      const [group, style] = HL_SET.read(vm, Ls);
      const next = { ...current() };
      if (style === undefined) delete next[group];
      else next[group] = Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined));
      try {
        host.options.set('highlights', next);
      } catch (err) {
        // Said as the interface's check says it (the function's name comes in front of it).
        throw new Error((err as Error).message.replace(/^option highlights: /, ''));
      }
      // Its owner run again without setting it leaves the group at its default (unless someone set it since).
      const set = next[group];
      ctx.track(() => {
        if (!host.options.has('highlights')) return;
        const now = { ...current() };
        if (now[group] !== set) return;
        delete now[group];
        host.options.set('highlights', now);
      });
      return 0;
    },
    get: (Ls) => {
      const [group] = HL_GET.read(vm, Ls);
      vm.pushJs(Ls, current()[group] ?? null);
      return 1;
    },
  });
}
