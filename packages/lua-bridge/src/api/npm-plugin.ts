/**
 * lug.plugin(name): load a JavaScript tool plugin (an npm package whose default
 * export is definePlugin(...)) installed in the project (node_modules of the
 * project directory or a parent) or globally (npm's global node_modules).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPlugin, type Env } from '@lug/core';
import type { LuaState } from '../fengari.js';
import type { ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const NPM_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

const PLUGIN = signature('lug.plugin', [
  ['name', is.string.that((s) => NPM_NAME.test(s), 'an npm package name (like "lug-plugin-foo" or "@scope/foo")')],
]);

/** npm's global node_modules: $npm_config_prefix, else the prefix of this Node. */
export function globalNodeModules(env: Env): string {
  const prefix = env.npm_config_prefix ?? env.NPM_CONFIG_PREFIX ?? path.dirname(path.dirname(process.execPath));
  return process.platform === 'win32' ? path.join(prefix, 'node_modules') : path.join(prefix, 'lib', 'node_modules');
}

/** node_modules/<name> in `from` or the nearest parent that has it. */
function findInProject(name: string, from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function pickCondition(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(pickCondition).find(Boolean);
  if (target && typeof target === 'object') {
    const t = target as Record<string, unknown>;
    for (const key of ['import', 'node', 'default', 'require']) {
      const found = key in t ? pickCondition(t[key]) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** The file a package's "." entry points to (exports, then module, then main). */
export function packageEntry(dir: string): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const exp = pkg.exports as unknown;
  const dot = exp && typeof exp === 'object' && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith('.')) ? (exp as Record<string, unknown>)['.'] : exp;
  const target = pickCondition(dot) ?? (pkg.module as string | undefined) ?? (pkg.main as string | undefined) ?? 'index.js';
  return path.resolve(dir, target);
}

export function resolveNpmPlugin(name: string, cwd: string, env: Env): { dir: string; entry: string } {
  const global = globalNodeModules(env);
  const dir = findInProject(name, cwd) ?? (fs.existsSync(path.join(global, name, 'package.json')) ? path.join(global, name) : undefined);
  if (!dir) {
    throw new Error(`the plugin package "${name}" is not installed: looked in node_modules of ${cwd} and its parents, and in ${global}. Install it with "npm install ${name}" in the project (or "npm install -g ${name}")`);
  }
  return { dir, entry: packageEntry(dir) };
}

export function npmPluginFunction(ctx: ApiContext): (L: LuaState) => number {
  const loaded = new Map<string, string>();
  return ctx.vm.asyncFn('lug.plugin', async (L) => {
    const [name] = PLUGIN.read(ctx.vm, L);
    // Read before waiting: after the wait, no Lua is running to say who registers.
    const owner = ctx.owners.current();
    const done = loaded.get(name);
    if (done) return [done];
    const { dir, entry } = resolveNpmPlugin(name, ctx.host.cwd, ctx.host.env);
    const info = { name, dir, kind: 'npm' as const, entry, loaded: false, error: undefined as string | undefined };
    ctx.config.plugins.push(info);
    try {
      let mod: unknown;
      try {
        mod = await ctx.importModule(pathToFileURL(entry).href);
      } catch (err) {
        throw new Error(`the plugin package "${name}" failed to load (${entry}): ${(err as Error).message}`);
      }
      const { plugin, unload } = await loadPlugin(ctx.host, mod, `the plugin package "${name}" (${entry})`);
      ctx.track(() => {
        loaded.delete(name);
        const at = ctx.config.plugins.indexOf(info);
        if (at >= 0) ctx.config.plugins.splice(at, 1);
        unload();
      }, owner);
      info.loaded = true;
      loaded.set(name, plugin.name);
      return [plugin.name];
    } catch (err) {
      info.error = (err as Error).message;
      throw err;
    }
  });
}
