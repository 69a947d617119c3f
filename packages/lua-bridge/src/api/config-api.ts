/** lug.config: where the user's Lua lives, and what was found there. */
import type { LuaState } from '../fengari.js';
import { luaConst } from '../lua-strings.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { signature } from './validate.js';

const PLUGINS = signature('lug.config.plugins', []);

export function pushConfigApi(ctx: ApiContext, L: LuaState): void {
  const { vm, config } = ctx;
  pushFunctions(vm, L, 'lug.config', {
    plugins: (Ls) => {
      PLUGINS.read(vm, Ls);
      vm.pushJs(Ls, config.plugins.map((p) => ({ ...p })));
      return 1;
    },
  });
  const fields: Record<string, string> = { dir: config.dir, init_file: config.initFile, plugins_dir: config.pluginsDir };
  for (const [name, value] of Object.entries(fields)) {
    vm.pushJs(L, value);
    vm.f.lua.lua_setfield(L, -2, luaConst(name));
  }
}
