/**
 * The Plugin contract: a package whose default export is
 * `definePlugin({ name, tools?, setup?(lug) })`. The built-in tools use exactly
 * this contract, as a third party would. `setup` receives a PluginApi, not the
 * host: a plugin cannot reach or replace the guard.
 */
import type { LugHost } from './host.js';
import { createPluginApi, type PluginApi } from './plugin-api.js';
import type { Tool } from './tool.js';

export interface Plugin {
  name: string;
  tools?: Tool[];
  /** Runs once when the plugin loads; may register tools, commands, keys, options and listeners. */
  setup?(lug: PluginApi): void | Promise<void>;
}

export function definePlugin(plugin: Plugin): Plugin {
  return plugin;
}

export class PluginError extends Error {
  override name = 'PluginError';
}

export interface LoadedPlugin {
  plugin: Plugin;
  /** Undo everything the plugin registered: tools, commands, keys, listeners. */
  unload(): void;
}

/** Register a plugin's tools and run its setup. A failure names the plugin and registers nothing. */
export async function loadPlugin(host: LugHost, plugin: unknown, source?: string): Promise<LoadedPlugin> {
  const p = (plugin && typeof plugin === 'object' && 'default' in plugin ? (plugin as { default: unknown }).default : plugin) as Plugin;
  const label = source ?? (p && typeof p === 'object' && typeof p.name === 'string' ? p.name : 'a plugin');
  if (!p || typeof p !== 'object' || typeof p.name !== 'string' || !p.name) {
    throw new PluginError(`${label} does not export a plugin: its default export must be definePlugin({ name, tools?, setup? })`);
  }
  const removers: Array<() => void> = [];
  let unloaded = false;
  const track = (remove: () => void) => {
    if (unloaded) {
      // Registered through an API kept after unloading: taken back at once.
      remove();
      throw new PluginError(`plugin ${p.name} was unloaded: it cannot register anything any more`);
    }
    removers.push(remove);
    return remove;
  };
  const unload = () => {
    unloaded = true;
    for (const remove of removers.splice(0).reverse()) remove();
  };
  try {
    for (const tool of p.tools ?? []) track(host.tools.register(tool, p.name));
    await p.setup?.(createPluginApi(host, p.name, track));
  } catch (err) {
    unload();
    throw new PluginError(`plugin ${p.name} failed to load: ${(err as Error).message}`);
  }
  return { plugin: p, unload };
}
