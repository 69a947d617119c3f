/** lug.docs: search the Lua reference (annotations, the lug API, built-in modules, options). */
import type { LuaState } from '../fengari.js';
import type { DocEntry } from '../docs/doc-index.js';
import { LuaArgs } from './lua-args.js';
import { pushFunctions, type ApiContext } from './api-context.js';

export function pushDocsApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const entryTable = (e: DocEntry) => ({ ...e });
  pushFunctions(vm, L, 'lug.docs', {
    search: (Ls) => {
      const a = new LuaArgs(vm, Ls);
      const words = a.string(1, 'words');
      const limit = a.isNil(2) ? 10 : a.integer(2, 'limit');
      vm.pushJs(Ls, ctx.docs().search(words, limit).map(entryTable));
      return 1;
    },
    get: (Ls) => {
      const entry = ctx.docs().get(new LuaArgs(vm, Ls).string(1, 'name'));
      vm.pushJs(Ls, entry ? entryTable(entry) : undefined);
      return 1;
    },
  });
}
