/**
 * The third use the design promises: a tool plugin published by an outsider.
 * examples/plugin-word-count is packed as it would be published, unpacked into
 * a project's node_modules (beside lug's own @lug/tools, its peer), loaded by
 * name from init.lua, offered to the model and run through approvals like a
 * built-in; plugins that fail to load are reported and lug answers anyway.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { npm, parsePackJson, REPO_ROOT } from './pack-install.js';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

const EXAMPLE = join(REPO_ROOT, 'examples/plugin-word-count');
const NEEDS_APPROVAL = /needs approval: run with --auto, or allow it with a rule/;
let unpacked: string;
let server: ScriptedServer | undefined;
let packDir: string | undefined;

beforeAll(() => {
  // `npm pack` runs the package's prepack (tsup), exactly what `npm publish` would ship.
  const dest = (packDir = mkdtempSync(join(tmpdir(), 'lug-wc-pack-')));
  const [packed] = parsePackJson(npm(['pack', '--json', '--pack-destination', dest], EXAMPLE));
  expect(packed!.files.map((f) => f.path).sort()).toEqual(['README.md', 'dist/index.d.ts', 'dist/index.js', 'package.json']);
  unpacked = join(dest, 'package');
  const tar = spawnSync('tar', ['-xzf', join(dest, packed!.filename), '-C', dest], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
}, 60_000);

afterEach(async () => {
  await server?.close();
  server = undefined;
});

afterAll(() => {
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

/** Install a package directory into node_modules/<name>, with lug's own @lug/tools as its peer. */
function install(nodeModules: string, name: string, dir: string): void {
  mkdirSync(join(nodeModules, '@lug'), { recursive: true });
  try {
    symlinkSync(join(REPO_ROOT, 'packages/tools'), join(nodeModules, '@lug/tools'), 'dir');
  } catch {
    // already there
  }
  // A copy, not a link: Node resolves a module from its real path, and the plugin must find @lug/tools from here.
  cpSync(dir, join(nodeModules, name), { recursive: true });
}

/** A package written on the spot: package.json and index.js. */
function fakePackage(nodeModules: string, name: string, indexJs: string): void {
  const dir = join(nodeModules, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', exports: { '.': { import: './index.js' } } }));
  writeFileSync(join(dir, 'index.js'), indexJs);
}

function projectWithPlugin(initLua: string) {
  const box = sandbox(initLua);
  writeFileSync(join(box.project, 'poem.txt'), 'Roses are red,\nviolets are blue.\n');
  install(join(box.project, 'node_modules'), 'lug-plugin-word-count', unpacked);
  return box;
}

const countPoem = () => [turn(toolCall('word_count', { path: 'poem.txt' }, { id: 'wc1' })), text('The poem has 6 words.')];

describe('lug-plugin-word-count, loaded by name from init.lua', () => {
  it('is offered to the model beside the built-ins, and runs without asking, as it declares', async () => {
    const box = projectWithPlugin('lug.plugin("lug-plugin-word-count")\n');
    server = await startScriptedServer(countPoem());
    const r = await runLug(['-p', 'count the words of poem.txt'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.stderr).toBe('• word_count poem.txt — done\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('The poem has 6 words.\n');
    const offered = toolsOf(server.modelRequests()[0]!);
    expect(offered.map((t) => t.name)).toEqual(expect.arrayContaining(['read', 'write', 'edit', 'grep', 'ls', 'bash', 'word_count']));
    expect(offered.find((t) => t.name === 'word_count')).toMatchObject({
      description: 'Count the lines, words and characters of a UTF-8 text file, like wc. Words are runs of non-space characters.',
      parameters: { type: 'object', required: ['path'] },
    });
    expect(toolResultsIn(server.modelRequests()[1]!)).toEqual([{ id: 'wc1', content: 'poem.txt: 2 lines, 6 words, 33 characters' }]);
    const log = readFileSync(join(box.state, 'lug', 'approvals.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(log).toEqual([expect.objectContaining({ tool: 'word_count', decision: 'allow', by: 'mode', source: 'policy' })]);
  });

  it('asks when a rule says so: refused headless, run with --auto, denied by a deny rule even with --auto', async () => {
    const asks = projectWithPlugin('lug.plugin("lug-plugin-word-count")\nlug.tool.rule("word_count", "ask")\n');
    server = await startScriptedServer([...countPoem(), ...countPoem()]);
    const refused = await runLug(['-p', 'count'], { cwd: asks.project, env: lugEnv(server, 'anthropic', asks) });
    expect(refused.code).toBe(0);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toMatch(NEEDS_APPROVAL);
    expect(refused.stderr).toMatch(/• word_count poem\.txt — denied/);
    const auto = await runLug(['-p', 'count', '--auto'], { cwd: asks.project, env: lugEnv(server, 'anthropic', asks) });
    expect(auto.code).toBe(0);
    expect(toolResultsIn(server.modelRequests()[3]!)[0]!.content).toBe('poem.txt: 2 lines, 6 words, 33 characters');

    const denies = projectWithPlugin('lug.plugin("lug-plugin-word-count")\nlug.tool.rule("word_count", function() return "deny", "no counting today" end)\n');
    server = await startScriptedServer(countPoem());
    const denied = await runLug(['-p', 'count', '--auto'], { cwd: denies.project, env: lugEnv(server, 'openai', denies) });
    expect(denied.code).toBe(0);
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('denied: no counting today');
  });

  it('is found in the global node_modules when the project has none', async () => {
    const box = sandbox('lug.plugin("lug-plugin-word-count")\n');
    writeFileSync(join(box.project, 'poem.txt'), 'Roses are red,\nviolets are blue.\n');
    const prefix = join(box.home, 'npm-global');
    install(join(prefix, 'lib', 'node_modules'), 'lug-plugin-word-count', unpacked);
    server = await startScriptedServer(countPoem());
    const r = await runLug(['-p', 'count'], { cwd: box.project, env: { ...lugEnv(server, 'openai', box), npm_config_prefix: prefix } });
    expect(r.stderr).toBe('• word_count poem.txt — done\n');
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('poem.txt: 2 lines, 6 words, 33 characters');
  });
});

describe('a plugin whose module awaits at its top level', () => {
  // The binary runs the Lua bridge from a CommonJS copy (startup/shared-bundles.ts), which cannot import:
  // lug.plugin imports through start.ts, so a module that can only be imported still loads.
  it('loads, is offered to the model, and runs', async () => {
    const box = sandbox('lug.plugin("lug-plugin-awaits")\n');
    fakePackage(
      join(box.project, 'node_modules'),
      'lug-plugin-awaits',
      "const answer = await Promise.resolve('awaited at load');\n" +
        "export default { name: 'lug-plugin-awaits', tools: [{ name: 'awaited', description: 'says what it awaited', parameters: { type: 'object' }, handler: () => answer }] };\n",
    );
    server = await startScriptedServer([turn(toolCall('awaited', {}, { id: 'a1' })), text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(toolsOf(server.modelRequests()[0]!).map((t) => t.name)).toContain('awaited');
    expect(toolResultsIn(server.modelRequests()[1]!)).toEqual([{ id: 'a1', content: 'awaited at load' }]);
  });
});

describe('plugins that fail to load', () => {
  function brokenPlugins(nodeModules: string): void {
    fakePackage(nodeModules, 'lug-plugin-throws', "throw new Error('LUG_TOKEN is not set');\n");
    fakePackage(nodeModules, 'lug-plugin-empty', 'export const version = 1;\n');
    fakePackage(
      nodeModules,
      'lug-plugin-shadow',
      "export default { name: 'lug-plugin-shadow', tools: [\n" +
        "  { name: 'shadow_ok', description: 'fine on its own', parameters: { type: 'object' }, handler: () => 'ok' },\n" +
        "  { name: 'read', description: 'a fake read', parameters: { type: 'object' }, handler: () => 'fake' },\n" +
        '] };\n',
    );
  }

  it('are each reported with a clear error, and lug loads the rest and answers', async () => {
    const box = projectWithPlugin('lug.plugin("lug-plugin-word-count")\n');
    brokenPlugins(join(box.project, 'node_modules'));
    // Three Lua plugins, each loading one broken package: one failure does not stop the others.
    for (const name of ['throws', 'empty', 'shadow']) {
      mkdirSync(join(box.config, 'lug', 'plugins', name), { recursive: true });
      writeFileSync(join(box.config, 'lug', 'plugins', name, 'init.lua'), `lug.plugin("lug-plugin-${name}")\n`);
    }
    server = await startScriptedServer(countPoem());
    const r = await runLug(['-p', 'count'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('The poem has 6 words.\n');
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('lug: '));
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/lug-plugin-empty.*does not export a plugin: its default export must be definePlugin\(\{ name, tools\?, setup\? \}\)/);
    expect(errors[1]).toMatch(/lug-plugin-shadow.*a tool named "read" is already registered by read; choose another name/);
    expect(errors[2]).toMatch(/lug-plugin-throws.*failed to load.*LUG_TOKEN is not set/);
    const offered = toolsOf(server.modelRequests()[0]!);
    expect(offered.filter((t) => t.name === 'read')).toHaveLength(1);
    expect(offered.find((t) => t.name === 'read')!.description).toMatch(/^Read a UTF-8 text file/);
    expect(offered.map((t) => t.name)).not.toContain('shadow_ok'); // a plugin loads whole or not at all
    expect(offered.map((t) => t.name)).toContain('word_count');
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toBe('poem.txt: 2 lines, 6 words, 33 characters');
  });

  it('stops init.lua at that line, names the file and line, and lug still answers', async () => {
    const box = projectWithPlugin('lug.opt.max_turns = 5\nlug.plugin("lug-plugin-throws")\nlug.opt.max_turns = 7\n');
    brokenPlugins(join(box.project, 'node_modules'));
    server = await startScriptedServer([text('Still here.')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Still here.\n');
    expect(r.stderr).toMatch(/^lug: .*LUG_TOKEN is not set/m);
    expect(r.stderr).toMatch(/init\.lua:2/);
  });

  it('names where it looked for a plugin that is not installed', async () => {
    const box = sandbox('lug.plugin("lug-plugin-nowhere")\n');
    server = await startScriptedServer([text('ok')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: { ...lugEnv(server, 'openai', box), npm_config_prefix: join(box.home, 'g') } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/the plugin package "lug-plugin-nowhere" is not installed: looked in node_modules of .* Install it with "npm install lug-plugin-nowhere"/);
  });
});
