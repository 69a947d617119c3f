/**
 * The Plugin contract: a package whose default export is
 * `definePlugin({ name, tools?, setup?(lug) })`. The built-in tools use exactly
 * this contract, as a third party would.
 */
import type { LugHost } from './host.js';
import type { Tool } from './tool.js';

export interface Plugin {
  name: string;
  tools?: Tool[];
  /** Runs once when the plugin loads; may register commands, keys, options, listeners. */
  setup?(lug: LugHost): void | Promise<void>;
}

export function definePlugin(plugin: Plugin): Plugin {
  return plugin;
}

export class PluginError extends Error {
  override name = 'PluginError';
}

export interface LoadedPlugin {
  plugin: Plugin;
  /** Remove the tools the plugin registered. */
  unload(): void;
}

/** Register a plugin's tools and run its setup. A failure names the plugin and registers nothing. */
export async function loadPlugin(lug: LugHost, plugin: unknown, source?: string): Promise<LoadedPlugin> {
  const p = (plugin && typeof plugin === 'object' && 'default' in plugin ? (plugin as { default: unknown }).default : plugin) as Plugin;
  const label = source ?? (p && typeof p === 'object' && typeof p.name === 'string' ? p.name : 'a plugin');
  if (!p || typeof p !== 'object' || typeof p.name !== 'string' || !p.name) {
    throw new PluginError(`${label} does not export a plugin: its default export must be definePlugin({ name, tools?, setup? })`);
  }
  const removers: Array<() => void> = [];
  try {
    for (const tool of p.tools ?? []) removers.push(lug.tools.register(tool, p.name));
    await p.setup?.(lug);
  } catch (err) {
    for (const remove of removers) remove();
    throw new PluginError(`plugin ${p.name} failed to load: ${(err as Error).message}`);
  }
  return { plugin: p, unload: () => removers.forEach((remove) => remove()) };
}
