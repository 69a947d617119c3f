/**
 * What every part of the `lug` API shares: the Lua state, the host registries,
 * the approvals, and everything registered from Lua, by owner, so a file run
 * again (and `close()`) takes back what it registered.
 */
import type { Checkpoints, LugHost, Message } from '@lug/core';
import type { Approvals } from '@lug/approvals';
import type { JsFunction, LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { luaConst } from '../lua-strings.js';
import type { DocIndex } from '../docs/doc-index.js';
import type { ProcessRunner } from '../process-runner.js';
import type { McpConfigSink } from './mcp-sink.js';
import type { Owners, Registrations } from './owners.js';

/** One plugin directory under the config dir, or an npm plugin loaded with lug.plugin. */
export interface PluginInfo {
  name: string;
  /** The plugin's directory. */
  dir: string;
  kind: 'lua' | 'npm';
  /** Its entry file: init.lua, or the module an npm plugin resolved to. */
  entry: string;
  loaded: boolean;
  error?: string;
}

/** One stock workflow (lua/workflows/NAME.lua), or the user's copy of it. */
export interface WorkflowInfo {
  name: string;
  /** The file that runs: the user's `<config>/workflows/NAME.lua` when it exists, else the stock one. */
  file: string;
  /** Whether `file` is the stock file shipped with lug. */
  stock: boolean;
  /** Turned off by `lug.workflow.disable(name)` before the workflows loaded. */
  disabled: boolean;
  loaded: boolean;
  error?: string;
}

export interface ConfigInfo {
  dir: string;
  initFile: string;
  pluginsDir: string;
  plugins: PluginInfo[];
  /** Where a user's copy of a stock workflow replaces it: `<config>/workflows/`. */
  workflowsDir: string;
  /** The stock workflows, in load order (after init.lua and the plugins). */
  workflows: WorkflowInfo[];
  /** Set once the workflows have started loading: disabling one is then too late. */
  workflowsStarted: boolean;
}

export interface ApiContext {
  vm: LuaVM;
  host: LugHost;
  approvals: Approvals | undefined;
  config: ConfigInfo;
  docs(): DocIndex;
  processRunner(): Promise<ProcessRunner>;
  /** How lug.plugin imports a JavaScript plugin's module (RuntimeOptions.importModule). */
  importModule(url: string): Promise<unknown>;
  /** Where lug.mcp.add and lug.mcp.remove go; without it they are an error. */
  mcp: McpConfigSink | undefined;
  /** The project's file checkpoints (lug.checkpoint); without them its functions are an error. */
  checkpoints: Checkpoints | undefined;
  /**
   * Remember a registration so its owner's next run (and close()) undoes it;
   * returns an idempotent remover. The owner is the one registering now
   * (owners.ts); a registration finished after a wait passes the owner it
   * read before waiting.
   */
  track(remove: () => void, owner?: string): () => void;
  /** Who owns what Lua registers now, and the options each owner set. */
  owners: Owners;
  /** The conversation lug.session.messages reads (unset until the interface gives it). */
  conversation(): readonly Message[] | undefined;
  /** Every registration, by owner (what `track` adds to). */
  registrations: Registrations;
  /** Whether init.lua and the plugins have loaded: from then on the interface's commands exist, so a key's `:command` is checked at the call. */
  startupOver(): boolean;
  /** Checks to run once start-up is over (a rule's tool may be registered by a later file): each returns a warning or nothing. */
  afterStartup: Array<() => string | undefined>;
}

/** Push a table of functions; each is wrapped so errors name `prefix.name`. */
export function pushFunctions(vm: LuaVM, L: LuaState, prefix: string, fns: Record<string, (L: LuaState) => number>): void {
  const { lua } = vm.f;
  lua.lua_createtable(L, 0, Object.keys(fns).length);
  for (const [name, impl] of Object.entries(fns)) {
    lua.lua_pushjsfunction(L, vm.fn(`${prefix}.${name}`, impl));
    lua.lua_setfield(L, -2, luaConst(name));
  }
}

/** Push a Lua function that undoes a registration (calling it twice is harmless); returns the function pushed. */
export function pushRemover(vm: LuaVM, L: LuaState, remove: () => void): JsFunction {
  const fn: JsFunction = vm.fn('remove', () => {
    remove();
    return 0;
  });
  vm.f.lua.lua_pushjsfunction(L, fn);
  return fn;
}
