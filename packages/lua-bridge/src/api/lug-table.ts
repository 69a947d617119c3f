/** Assemble the `lug` global (also `require("lug")`) from its parts. */
import type { LuaState } from '../fengari.js';
import { setGlobalModule } from '../global-module.js';
import { luaConst } from '../lua-strings.js';
import { pushAgentApi } from './agent.js';
import type { ApiContext } from './api-context.js';
import { refuseNewFields } from './api-fields.js';
import { pushCmdApi } from './commands.js';
import { pushModeApi } from './mode.js';
import { pushGlobalsTable, pushKeymapApi } from './keymap.js';
import { pushConfigApi } from './config-api.js';
import { pushDocsApi } from './docs-api.js';
import { pushMcpApi } from './mcp.js';
import { pushCheckpointApi } from './checkpoint.js';
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
  setAgentParts(ctx);
  setStandardLibrary(ctx);
  setWorkflowParts(ctx);
  refuseNewFields(vm, L, 'lug');
  setGlobalModule(lua, L, 'lug');
}

/** Set the value on top of the stack as the field `name` of the lug table below it. */
function set(ctx: ApiContext, name: string): void {
  ctx.vm.f.lua.lua_setfield(ctx.vm.L, -2, luaConst(name));
}

// The parts built as plain tables of functions; lug.opt has its own metatable.
function setPart(ctx: ApiContext, name: string): void {
  refuseNewFields(ctx.vm, ctx.vm.L, `lug.${name}`);
  set(ctx, name);
}

/** Set lug.NAME to a function, its errors naming `lug.NAME`. */
function setFunction(ctx: ApiContext, name: string, impl: (L: LuaState) => number): void {
  ctx.vm.f.lua.lua_pushjsfunction(ctx.vm.L, ctx.vm.fn(`lug.${name}`, impl));
  set(ctx, name);
}

/** The agent's own parts: options, tools, the session, the interface, processes, events, commands, modes, keys, plugins, docs, MCP, highlights. */
function setAgentParts(ctx: ApiContext): void {
  const L = ctx.vm.L;
  pushOptTable(ctx, L);
  set(ctx, 'opt');
  pushToolApi(ctx, L);
  setPart(ctx, 'tool');
  pushSessionApi(ctx, L);
  setPart(ctx, 'session');
  pushUiApi(ctx, L);
  setPart(ctx, 'ui');
  pushProcApi(ctx, L);
  setPart(ctx, 'proc');
  const events = eventFunctions(ctx);
  setFunction(ctx, 'on', events.on);
  setFunction(ctx, 'off', events.off);
  pushCmdApi(ctx, L);
  setPart(ctx, 'cmd');
  pushModeApi(ctx, L);
  setPart(ctx, 'mode');
  const globals = pushGlobalsTable(ctx, L);
  set(ctx, 'g');
  pushKeymapApi(ctx, L, globals);
  setPart(ctx, 'keymap');
  setFunction(ctx, 'group', groupFunction(ctx));
  setFunction(ctx, 'plugin', npmPluginFunction(ctx));
  pushDocsApi(ctx, L);
  setPart(ctx, 'docs');
  pushConfigApi(ctx, L);
  setPart(ctx, 'config');
  pushMcpApi(ctx, L);
  setPart(ctx, 'mcp');
  pushHlApi(ctx, L);
  setPart(ctx, 'hl');
}

// The standard library.
function setStandardLibrary(ctx: ApiContext): void {
  const L = ctx.vm.L;
  pushJsonApi(ctx, L);
  setPart(ctx, 'json');
  pushInspect(ctx, L);
  set(ctx, 'inspect');
  pushFsApi(ctx, L);
  setPart(ctx, 'fs');
  pushStrApi(ctx, L);
  setPart(ctx, 'str');
  pushTblApi(ctx, L);
  setPart(ctx, 'tbl');
  const timers = timerFunctions(ctx);
  for (const name of ['defer', 'schedule', 'timer'] as const) setFunction(ctx, name, timers[name]);
  setFunction(ctx, 'cwd', cwdFunction(ctx));
  pushEnvView(ctx, L);
  set(ctx, 'env');
}

/** What workflows are made of: the stock workflows, checkpoints, subagents, the system prompt's sections. */
function setWorkflowParts(ctx: ApiContext): void {
  const L = ctx.vm.L;
  pushWorkflowApi(ctx, L);
  setPart(ctx, 'workflow');
  pushCheckpointApi(ctx, L);
  setPart(ctx, 'checkpoint');
  pushAgentApi(ctx, L);
  setPart(ctx, 'agent');
  pushPromptApi(ctx, L);
  setPart(ctx, 'prompt');
}
