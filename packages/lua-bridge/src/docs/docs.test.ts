/**
 * lua/docs/ is the one source of the Lua reference: every function of the
 * live `lug` table is annotated, every annotation names a function that
 * exists, the built-in modules are listed as they are, and docs/lua-api.md
 * is what the annotations render to.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runTool, setup, type Setup } from '../test-support.js';
import { readDocsDir } from './doc-index.js';
import { renderLuaApiMarkdown } from './render-markdown.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const docsDir = path.join(repo, 'lua', 'docs');
const entries = readDocsDir(docsDir);

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

/** Every function reachable from a global table, by raw traversal (no __pairs). */
const WALK = `
local root, prefix = ...
local out, seen = {}, {}
local function walk(t, name)
  seen[t] = true
  for k, v in next, t do
    local full = name == "" and k or (name .. "." .. k)
    if type(v) == "function" then out[#out + 1] = full
    elseif type(v) == "table" and not seen[v] and type(k) == "string" then walk(v, full) end
  end
end
walk(root, prefix)
table.sort(out)
return out`;

async function liveFunctions(s: Setup, table: string): Promise<string[]> {
  return (await s.runtime.run(`(function(...) ${WALK} end)(${table}, "${table === '_G' ? '' : table}")`)).values[0] as string[];
}

describe('the lug API annotations', () => {
  const annotated = entries.filter((e) => e.kind === 'function' && e.source.startsWith('lug.lua:')).map((e) => e.name);

  it('annotate every function of the live lug table', async () => {
    s = setup();
    const live = await liveFunctions(s, 'lug');
    expect(live.length).toBeGreaterThan(10);
    expect(live.filter((name) => !annotated.includes(name))).toEqual([]);
  });

  it('name only functions that exist', async () => {
    s = setup();
    const live = await liveFunctions(s, 'lug');
    expect(annotated.filter((name) => !live.includes(name))).toEqual([]);
  });

  it('give every function a description, and every parameter a type', () => {
    for (const e of entries.filter((x) => x.source.startsWith('lug.lua:') && x.kind === 'function')) {
      expect(e.description, e.name).not.toBe('');
      for (const p of e.params) expect(p.type, `${e.name}(${p.name})`).not.toBe('any');
    }
  });
});

describe('the built-in modules', () => {
  const builtins = entries.filter((e) => e.kind === 'function' && e.source.startsWith('builtins.lua:')).map((e) => e.name);

  it('list every function of the standard modules lug opens, and only those', async () => {
    s = setup();
    const live = new Set<string>();
    for (const mod of ['string', 'table', 'math', 'utf8', 'coroutine', 'os', 'io', 'debug', 'package']) for (const f of await liveFunctions(s, mod)) live.add(f);
    for (const f of (await s.runtime.run('local t = {} for k, v in next, _G do if type(v) == "function" then t[#t + 1] = k end end table.sort(t) return t')).values[0] as string[]) live.add(f);
    const hidden = ['package.searchers.1', 'package.searchers.2', 'debug.debug', 'package.loaded'];
    const missing = [...live].filter((f) => !builtins.includes(f) && !hidden.some((h) => f.startsWith(h)));
    expect(missing).toEqual([]);
    expect(builtins.filter((f) => !live.has(f))).toEqual([]);
  });
});

describe('docs/lua-api.md', () => {
  it('is generated from the annotations (run `npm run docs -w @lug/lua-bridge` after changing them)', () => {
    const page = fs.readFileSync(path.join(repo, 'docs', 'lua-api.md'), 'utf8');
    expect(page).toBe(renderLuaApiMarkdown(entries));
  });
});

describe('lug.docs', () => {
  it('search ranks name matches first and returns signatures', async () => {
    s = setup();
    const [results] = (await s.runtime.run('return lug.docs.search("tool rule", 3)')).values as Array<Array<{ name: string; signature: string }>>;
    expect(results[0]!.name).toBe('lug.tool.rule');
    expect(results[0]!.signature).toMatch(/^lug\.tool\.rule\(tool: string, rule: /);
    expect(s.runtime.docs.search('gsub')[0]!.name).toBe('string.gsub');
    expect(s.runtime.docs.search('patterns')[0]!.name).toBe('Strings and patterns');
    expect(s.runtime.docs.search('zzzqqq xxyyzz')).toEqual([]);
  });

  it('includes the options defined at run time', async () => {
    s = setup();
    expect(s.runtime.docs.get('lug.opt.approval')).toMatchObject({ signature: 'lug.opt.approval: one of "off", "policy", "all" (default "policy")' });
    expect((await s.runtime.run('return lug.docs.get("lug.opt.tool_concurrency").kind')).values).toEqual(['field']);
  });
});

describe('basic.lug', () => {
  it('registers lua_docs and lug_plugins, asking nothing, described as the page says', async () => {
    s = setup();
    await s.runtime.loadStartup();
    expect(s.host.tools.get('lua_docs')).toMatchObject({ ask: false, description: expect.stringContaining('lug.docs: the annotations, the Lua API and the built-in modules') });
    expect(s.host.tools.get('lug_plugins')).toMatchObject({ ask: false, description: expect.stringContaining("each plugin's directory") });
    expect(s.host.tools.source('lua_docs')).toMatch(/^lua:.*basic\.lug$/);
  });

  it('lua_docs returns matching entries with their signatures, or says nothing matched', async () => {
    s = setup();
    await s.runtime.loadStartup();
    const out = (await runTool(s.host, 'lua_docs', { words: 'proc run' })) as string;
    expect(out.split('\n')[0]).toMatch(/^lug\.proc\.run\(argv: string\[\], opts\?: lug\.ProcOptions\): lug\.ProcResult {2}\[function, lug\.lua:\d+\]$/);
    await expect(runTool(s.host, 'lua_docs', { words: 'zzzqqq' })).rejects.toThrow(/Nothing in lug\.docs matches "zzzqqq"/);
  });

  it('lug_plugins lists init.lua and each plugin directory', async () => {
    s = setup({ 'init.lua': '-- mine', 'plugins/alpha/init.lua': '', 'plugins/beta/init.lua': 'error("nope")' });
    await s.runtime.loadStartup();
    const out = (await runTool(s.host, 'lug_plugins')) as string;
    const c = s.lug.configDir;
    expect(out).toBe(
      [
        `init.lua: ${c}/init.lua`,
        `plugins directory: ${c}/plugins`,
        `plugin alpha: ${c}/plugins/alpha (loaded)`,
        `plugin beta: ${c}/plugins/beta (not loaded: ${c}/plugins/beta/init.lua:1: nope)`,
      ].join('\n'),
    );
  });
});
