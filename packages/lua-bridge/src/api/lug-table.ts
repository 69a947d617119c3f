/** Assemble the `lug` global (also `require("lug")`) from its parts. */
import { setGlobalModule } from '../global-module.js';
import { luaConst } from '../lua-strings.js';
import type { ApiContext } from './api-context.js';
import { pushCmdApi, pushKeymapApi } from './commands.js';
import { pushConfigApi } from './config-api.js';
import { pushDocsApi } from './docs-api.js';
import { eventFunctions } from './events.js';
import { npmPluginFunction } from './npm-plugin.js';
import { pushOptTable } from './opt.js';
import { pushProcApi } from './proc.js';
import { pushSessionApi } from './session.js';
import { pushToolApi } from './tool.js';
import { pushUiApi } from './ui.js';

export function installLugGlobal(ctx: ApiContext): void {
  const { vm } = ctx;
  const { lua } = vm.f;
  const L = vm.L;
  lua.lua_createtable(L, 0, 12);
  const set = (name: string) => lua.lua_setfield(L, -2, luaConst(name));
  pushOptTable(ctx, L);
  set('opt');
  pushToolApi(ctx, L);
  set('tool');
  pushSessionApi(ctx, L);
  set('session');
  pushUiApi(ctx, L);
  set('ui');
  pushProcApi(ctx, L);
  set('proc');
  const events = eventFunctions(ctx);
  lua.lua_pushjsfunction(L, vm.fn('lug.on', events.on));
  set('on');
  lua.lua_pushjsfunction(L, vm.fn('lug.off', events.off));
  set('off');
  pushCmdApi(ctx, L);
  set('cmd');
  pushKeymapApi(ctx, L);
  set('keymap');
  lua.lua_pushjsfunction(L, vm.fn('lug.plugin', npmPluginFunction(ctx)));
  set('plugin');
  pushDocsApi(ctx, L);
  set('docs');
  pushConfigApi(ctx, L);
  set('config');
  setGlobalModule(lua, L, 'lug');
}
