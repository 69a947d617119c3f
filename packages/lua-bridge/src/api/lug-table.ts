/** Assemble the `lug` global (also `require("lug")`) from its parts. */
import { setGlobalModule } from '../global-module.js';
import { luaConst } from '../lua-strings.js';
import type { ApiContext } from './api-context.js';
import { refuseNewFields } from './api-fields.js';
import { pushCmdApi, pushKeymapApi } from './commands.js';
import { pushConfigApi } from './config-api.js';
import { pushDocsApi } from './docs-api.js';
import { pushMcpApi } from './mcp.js';
import { eventFunctions } from './events.js';
import { groupFunction } from './group.js';
import { pushHlApi } from './hl.js';
import { npmPluginFunction } from './npm-plugin.js';
import { pushOptTable } from './opt.js';
import { pushProcApi } from './proc.js';
import { pushPromptApi } from './prompt.js';
import { pushSessionApi } from './session.js';
import { pushToolApi } from './tool.js';
import { pushUiApi } from './ui.js';
import { cwdFunction, pushEnvView } from './env.js';
import { pushFsApi } from './fs.js';
import { pushInspect } from './inspect.js';
import { pushJsonApi } from './json.js';
import { pushStrApi } from './str.js';
import { pushTblApi } from './tbl.js';
import { timerFunctions } from './timers.js';
import { pushWorkflowApi } from './workflow.js';

export function installLugGlobal(ctx: ApiContext): void {
  const { vm } = ctx;
  const { lua } = vm.f;
  const L = vm.L;
  lua.lua_createtable(L, 0, 24);
  const set = (name: string) => lua.lua_setfield(L, -2, luaConst(name));
  // The parts built as plain tables of functions; lug.opt has its own metatable.
  const setPart = (name: string) => {
    refuseNewFields(vm, L, `lug.${name}`);
    set(name);
  };
  pushOptTable(ctx, L);
  set('opt');
  pushToolApi(ctx, L);
  setPart('tool');
  pushSessionApi(ctx, L);
  setPart('session');
  pushUiApi(ctx, L);
  setPart('ui');
  pushProcApi(ctx, L);
  setPart('proc');
  const events = eventFunctions(ctx);
  lua.lua_pushjsfunction(L, vm.fn('lug.on', events.on));
  set('on');
  lua.lua_pushjsfunction(L, vm.fn('lug.off', events.off));
  set('off');
  pushCmdApi(ctx, L);
  setPart('cmd');
  pushKeymapApi(ctx, L);
  setPart('keymap');
  lua.lua_pushjsfunction(L, vm.fn('lug.group', groupFunction(ctx)));
  set('group');
  lua.lua_pushjsfunction(L, vm.fn('lug.plugin', npmPluginFunction(ctx)));
  set('plugin');
  pushDocsApi(ctx, L);
  setPart('docs');
  pushConfigApi(ctx, L);
  setPart('config');
  pushMcpApi(ctx, L);
  setPart('mcp');
  pushHlApi(ctx, L);
  setPart('hl');
  // The standard library.
  pushJsonApi(ctx, L);
  setPart('json');
  pushInspect(ctx, L);
  set('inspect');
  pushFsApi(ctx, L);
  setPart('fs');
  pushStrApi(ctx, L);
  setPart('str');
  pushTblApi(ctx, L);
  setPart('tbl');
  const timers = timerFunctions(ctx);
  for (const name of ['defer', 'schedule', 'timer'] as const) {
    lua.lua_pushjsfunction(L, vm.fn(`lug.${name}`, timers[name]));
    set(name);
  }
  lua.lua_pushjsfunction(L, vm.fn('lug.cwd', cwdFunction(ctx)));
  set('cwd');
  pushEnvView(ctx, L);
  set('env');
  pushWorkflowApi(ctx, L);
  setPart('workflow');
  pushPromptApi(ctx, L);
  setPart('prompt');
  refuseNewFields(vm, L, 'lug');
  setGlobalModule(lua, L, 'lug');
}
