/**
 * What every part of the `lug` API shares: the Lua state, the host registries,
 * the approvals, and the list of everything registered from Lua so `close()`
 * can take it all back.
 */
import type { LugHost } from '@lug/core';
import type { Approvals } from '@lug/approvals';
import type { JsFunction, LuaState } from '../fengari.js';
import type { LuaVM } from '../lua-vm.js';
import { luaConst } from '../lua-strings.js';
import type { DocIndex } from '../docs/doc-index.js';
import type { ProcessRunner } from '../process-runner.js';
import type { McpConfigSink } from './mcp-sink.js';

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

export interface ConfigInfo {
  dir: string;
  initFile: string;
  pluginsDir: string;
  plugins: PluginInfo[];
}

export interface ApiContext {
  vm: LuaVM;
  host: LugHost;
  approvals: Approvals | undefined;
  config: ConfigInfo;
  docs(): DocIndex;
  processRunner(): Promise<ProcessRunner>;
  /** Where lug.mcp.add and lug.mcp.remove go; without it they are an error. */
  mcp: McpConfigSink | undefined;
  /** Remember a registration so close() undoes it; returns an idempotent remover. */
  track(remove: () => void): () => void;
  /** Whether init.lua and the plugins have loaded: from then on the interface's commands exist, so a key's `:command` is checked at the call. */
  startupOver?(): boolean;
  /** Checks to run once start-up is over (a rule's tool may be registered by a later file): each returns a warning or nothing. */
  afterStartup?: Array<() => string | undefined>;
}

export function trackRegistrations(): { track(remove: () => void): () => void; undoAll(): void } {
  const removers = new Set<() => void>();
  return {
    track(remove) {
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        removers.delete(once);
        remove();
      };
      removers.add(once);
      return once;
    },
    undoAll() {
      for (const remove of [...removers].reverse()) {
        try {
          remove();
        } catch {
          // one failed removal must not keep the others
        }
      }
    },
  };
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

/** Push a Lua function that undoes a registration (calling it twice is harmless). */
export function pushRemover(vm: LuaVM, L: LuaState, remove: () => void): void {
  const fn: JsFunction = vm.fn('remove', () => {
    remove();
    return 0;
  });
  vm.f.lua.lua_pushjsfunction(L, fn);
}
