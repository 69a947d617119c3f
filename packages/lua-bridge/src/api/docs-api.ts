/** lug.docs: search the Lua reference (annotations, the lug API, built-in modules, options). */
import type { LuaState } from '../fengari.js';
import type { DocEntry } from '../docs/doc-index.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const SEARCH = signature('lug.docs.search', [
  ['words', is.string],
  ['limit', is.integer.optional(10)],
]);
const GET = signature('lug.docs.get', [['name', is.string]]);

export function pushDocsApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const entryTable = (e: DocEntry) => ({ ...e });
  pushFunctions(vm, L, 'lug.docs', {
    search: (Ls) => {
      const [words, limit] = SEARCH.read(vm, Ls);
      vm.pushJs(Ls, ctx.docs().search(words, limit).map(entryTable));
      return 1;
    },
    get: (Ls) => {
      const entry = ctx.docs().get(GET.read(vm, Ls)[0]);
      vm.pushJs(Ls, entry ? entryTable(entry) : undefined);
      return 1;
    },
  });
}
