/** lug.plugin: JavaScript tool plugins from the project's or the global node_modules. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runTool, setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

function installPackage(nodeModules: string, name: string, files: Record<string, string>, pkg: Record<string, unknown> = {}): string {
  const dir = path.join(nodeModules, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'index.js', ...pkg }));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const PLUGIN = (name: string, tool: string) => `export default {
  name: ${JSON.stringify(name)},
  tools: [{ name: ${JSON.stringify(tool)}, description: 'from npm', parameters: { type: 'object', properties: {} }, handler: () => 'npm says hi' }],
};`;

describe('lug.plugin', () => {
  it('loads a plugin from the project\'s node_modules (or a parent\'s), once', async () => {
    s = setup();
    installPackage(path.join(s.lug.root, 'node_modules'), 'lug-plugin-demo', { 'index.js': PLUGIN('demo', 'demo_tool') });
    expect(await s.runtime.run('return lug.plugin("lug-plugin-demo"), lug.plugin("lug-plugin-demo")')).toMatchObject({ values: ['demo', 'demo'] });
    expect(s.host.tools.source('demo_tool')).toBe('demo');
    expect(await runTool(s.host, 'demo_tool')).toBe('npm says hi');
    expect(s.runtime.config.plugins).toEqual([expect.objectContaining({ name: 'lug-plugin-demo', kind: 'npm', loaded: true })]);
  });

  it('is unloaded by close(): its tools, and what its setup registered, are gone', async () => {
    s = setup();
    installPackage(path.join(s.lug.project, 'node_modules'), 'lug-plugin-kit', {
      'index.js': `export default {
  name: 'kit',
  tools: [{ name: 'kit_tool', description: 'd', parameters: { type: 'object' }, handler: () => 'x' }],
  setup(lug) { lug.commands.register({ name: 'kit', desc: 'd', source: 'kit', run: () => {} }); },
};`,
    });
    await s.runtime.run('lug.plugin("lug-plugin-kit")');
    expect([s.host.tools.source('kit_tool'), s.host.commands.get('kit')?.source]).toEqual(['kit', 'kit']);
    s.runtime.close();
    expect([s.host.tools.get('kit_tool'), s.host.commands.get('kit')]).toEqual([undefined, undefined]);
    s = undefined;
  });

  it('follows "exports" conditions of scoped packages', async () => {
    s = setup();
    installPackage(path.join(s.lug.project, 'node_modules'), '@acme/lug-tools', { 'dist/main.js': PLUGIN('acme', 'acme_tool') }, { main: undefined, exports: { '.': { types: './x.d.ts', import: './dist/main.js' } } });
    expect((await s.runtime.run('return lug.plugin("@acme/lug-tools")')).values).toEqual(['acme']);
  });

  it('finds globally installed plugins under the npm prefix', async () => {
    s = setup();
    const prefix = path.join(s.lug.root, 'npm-global');
    s.host.env.npm_config_prefix = prefix;
    installPackage(path.join(prefix, 'lib', 'node_modules'), 'lug-plugin-global', { 'index.js': PLUGIN('global', 'global_tool') });
    expect((await s.runtime.run('return lug.plugin("lug-plugin-global")')).values).toEqual(['global']);
  });

  it('a missing package is a clear error naming where it looked and how to install it', async () => {
    s = setup();
    s.host.env.npm_config_prefix = path.join(s.lug.root, 'npm-global');
    await expect(s.runtime.run('lug.plugin("lug-plugin-missing")')).rejects.toThrow(
      `the plugin package "lug-plugin-missing" is not installed: looked in node_modules of ${s.lug.project} and its parents, and in ${path.join(s.lug.root, 'npm-global', 'lib', 'node_modules')}. Install it with "npm install lug-plugin-missing"`,
    );
  });

  it('a package that throws at load, exports nothing, or takes a built-in\'s tool name is an error saying which', async () => {
    s = setup();
    const nm = path.join(s.lug.project, 'node_modules');
    installPackage(nm, 'lug-throws', { 'index.js': 'throw new Error("kaboom")' });
    installPackage(nm, 'lug-empty', { 'index.js': 'export const x = 1;' });
    installPackage(nm, 'lug-dup', { 'index.js': PLUGIN('dup', 'read') });
    s.host.tools.register({ name: 'read', description: 'built-in', parameters: { type: 'object' }, handler: () => '' }, 'built-in');
    await expect(s.runtime.run('lug.plugin("lug-throws")')).rejects.toThrow(/the plugin package "lug-throws" failed to load \(.*index\.js\): kaboom/);
    await expect(s.runtime.run('lug.plugin("lug-empty")')).rejects.toThrow(/does not export a plugin: its default export must be definePlugin/);
    await expect(s.runtime.run('lug.plugin("lug-dup")')).rejects.toThrow(/plugin dup failed to load: a tool named "read" is already registered by built-in; choose another name/);
    await expect(s.runtime.run('lug.plugin("../evil")')).rejects.toThrow(
      `:lua:1: bad argument #1 to 'lug.plugin' (name: expected an npm package name (like "lug-plugin-foo" or "@scope/foo"), got "../evil")`,
    );
    expect(s.runtime.config.plugins.map((p) => [p.name, p.loaded, Boolean(p.error)])).toEqual([
      ['lug-throws', false, true],
      ['lug-empty', false, true],
      ['lug-dup', false, true],
    ]);
  });
});
