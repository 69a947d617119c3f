/**
 * The examples people copy: every ```ts block of every package README, of the
 * examples' READMEs and of the manual is type-checked against the built
 * packages, and every ```lua block is compiled by lug's Lua. Names a snippet
 * uses without defining (`host`, `signal`, `ctx`: the reader's own) are
 * allowed; everything else must be right: imports, exports, calls, types.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../args.js';
import { composeLug } from '../compose.js';
import { codeBlocks, DOCS_DIR, REPO_ROOT } from './markdown.js';

/** "Cannot find name", its test-runner and shorthand-property forms: a name the reader brings. */
const FREE_NAME_CODES = new Set([2304, 2582, 2593, 18004]);
/** "Cannot find module": allowed for a relative path only, the reader's own file (`../src/my-tool.js`). */
const isReadersModule = (code: number, message: string) => code === 2307 && /^Cannot find module '\.{1,2}\//.test(message);

function packageDirs(): string[] {
  const dirs: string[] = [];
  for (const base of ['packages', 'packages/providers', 'plugins']) {
    for (const name of readdirSync(join(REPO_ROOT, base)).sort()) {
      if (existsSync(join(REPO_ROOT, base, name, 'package.json'))) dirs.push(join(REPO_ROOT, base, name));
    }
  }
  return dirs;
}

const PACKAGE_READMES = packageDirs().map((d) => join(d, 'README.md'));
const OTHER_PAGES = [
  ...['headless-agent', 'plugin-word-count', 'lua-plugin'].map((e) => join(REPO_ROOT, 'examples', e, 'README.md')),
  ...readdirSync(DOCS_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS_DIR, f)),
];
const rel = (file: string) => relative(REPO_ROOT, file);

interface Snippet {
  page: string;
  line: number;
  file: string;
}

const TS_LANGS = new Set(['ts', 'typescript', 'tsx']);
let snippets: Snippet[] = [];
let diagnostics = new Map<string, string[]>();
let workDir: string | undefined;

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

beforeAll(() => {
  const dir = (workDir = mkdtempSync(join(tmpdir(), 'lug-examples-')));
  // The snippets import the packages by name, resolved to their built dist/ like any user's code.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  snippets = [];
  for (const page of [...PACKAGE_READMES, ...OTHER_PAGES]) {
    if (!existsSync(page)) continue;
    codeBlocks(readFileSync(page, 'utf8'))
      .filter((b) => TS_LANGS.has(b.lang))
      .forEach((block, i) => {
        const file = `${rel(page).replace(/[/.]/g, '_')}_${i}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`;
        // The first line of the file is the block's first line: a diagnostic's line maps back to the page.
        writeFileSync(join(dir, file), `${block.code}\nexport {};\n`);
        snippets.push({ page, line: block.line + 1, file });
      });
  }
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noImplicitAny: false,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023'],
        types: ['node'],
        jsx: 'react-jsx',
        skipLibCheck: true,
        paths: { 'lug-plugin-word-count': [join(REPO_ROOT, 'examples/plugin-word-count/src/index.ts')] },
      },
      include: ['*.ts', '*.tsx'],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
  diagnostics = new Map();
  for (const line of tsc.stdout.split('\n')) {
    const m = /^([^(]+)\((\d+),(\d+)\): error TS(\d+): (.*)$/.exec(line);
    if (!m) {
      // An error without a file (a bad option, say) would otherwise pass unseen.
      if (/error TS\d+/.test(line)) diagnostics.set('tsc', [...(diagnostics.get('tsc') ?? []), line]);
      continue;
    }
    if (FREE_NAME_CODES.has(Number(m[4])) || isReadersModule(Number(m[4]), m[5]!)) continue;
    const snippet = snippets.find((s) => s.file === m[1]);
    const where = snippet ? `${rel(snippet.page)}:${snippet.line + Number(m[2]) - 1}` : m[1]!;
    const list = diagnostics.get(snippet?.page ?? m[1]!) ?? [];
    list.push(`${where}: TS${m[4]} ${m[5]}`);
    diagnostics.set(snippet?.page ?? m[1]!, list);
  }
}, 60_000);

describe('package READMEs', () => {
  it.each(PACKAGE_READMES.map((f) => [rel(f), f]))('%s has a TypeScript example that type-checks against the built packages', (_name, file) => {
    expect(existsSync(file), `${rel(file)} is missing`).toBe(true);
    expect(snippets.filter((s) => s.page === file).length, `${rel(file)} has no \`\`\`ts example`).toBeGreaterThan(0);
    expect(diagnostics.get(file) ?? []).toEqual([]);
  });
});

describe('the manual and the examples', () => {
  it.each(OTHER_PAGES.map((f) => [rel(f), f]))('the TypeScript in %s type-checks', (_name, file) => {
    expect(diagnostics.get(file) ?? []).toEqual([]);
  });

  it('type-checks nothing outside the pages (no stray diagnostics)', () => {
    const pages = new Set([...PACKAGE_READMES, ...OTHER_PAGES]);
    expect([...diagnostics.entries()].filter(([page]) => !pages.has(page))).toEqual([]);
  });

  // workflows.md quotes pieces of the stock workflows (lua-bridge's workflows-page test holds each to its file, and the files load in their own tests), so its excerpts need not compile alone.
  it('has Lua that compiles, on every page but the generated signatures of lua-api.md and the excerpts of workflows.md', async () => {
    const home = mkdtempSync(join(tmpdir(), 'lug-examples-lua-'));
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'), PATH: process.env.PATH };
    const lug = await composeLug({ cwd: home, env, args: parseCliArgs([]), interactive: false });
    const failures: string[] = [];
    for (const page of [...PACKAGE_READMES, ...OTHER_PAGES]) {
      if (!existsSync(page) || page.endsWith('lua-api.md') || page.endsWith('workflows.md')) continue;
      for (const block of codeBlocks(readFileSync(page, 'utf8')).filter((b) => b.lang === 'lua')) {
        const check = `local f, err = load([==[${block.code}]==], "=${rel(page)}:${block.line}") return err or "ok"`;
        const result = (await lug.lua!.run(check)) as { values: unknown[] };
        if (result.values[0] !== 'ok') failures.push(String(result.values[0]));
      }
    }
    expect(failures).toEqual([]);
  });
});
