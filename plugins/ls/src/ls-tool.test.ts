import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowAll, createHost, loadPlugin } from '@lug/core';
import { buildIgnoreTree, describeTool, PROJECT_VISIBLE, readToolsPage, runTool, tempDirs, toolContext, toolPageDifferences, type IgnoreTree } from '@lug/testing';
import { compileGlob, locateRipgrep, ripgrepIgnoreArgs } from '@lug/tools';
import plugin, { lsTool } from './index.js';

let tree: IgnoreTree;
// ripgrep finds the global excludes file through HOME and XDG_CONFIG_HOME.
beforeAll(() => {
  tree = buildIgnoreTree({ setEnv: true });
});
afterAll(() => tree.remove());
const page = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));

async function ls(args: { path?: string; glob?: string }, cwd = tree.project): Promise<string> {
  const out = await lsTool.handler(args, toolContext(cwd));
  return typeof out === 'string' ? out : out.content;
}

/** `rg --files` with the grep tool's ignore flags, filtered by the glob: what ls with a glob must equal. */
async function rgFilesFiltered(root: string, glob: string): Promise<string[]> {
  const rg = await locateRipgrep();
  const out = execFileSync(rg, ['--files', ...(await ripgrepIgnoreArgs(root)), '--', '.'], { cwd: root, encoding: 'utf8' });
  const matcher = compileGlob(glob);
  return out
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^\.\//, ''))
    .filter((p) => matcher.test(p))
    .sort();
}

describe('the ls tool as the page defines it', () => {
  it('has the page’s description, arguments and ask-by-default exactly', () => {
    expect(toolPageDifferences(lsTool, page)).toEqual([]);
  });

  it('is a plugin by the public contract, exporting the tool by name', async () => {
    const host = createHost({ cwd: tree.project, authorize: allowAll });
    await loadPlugin(host, { default: plugin });
    expect(host.tools.get('ls')?.handler).toBe(lsTool.handler);
    expect(host.tools.source('ls')).toBe('ls');
  });
});

describe('ls of one directory', () => {
  it('lists every entry, sorted, directories marked with a trailing /', async () => {
    expect(await ls({})).toBe(
      [
        '.env',
        '.git/',
        '.gitignore',
        '.hidden/',
        'README.md',
        'UPPER.LOG',
        'build/',
        'data/',
        'debug.log',
        'docs/',
        'excluded.txt',
        'keep.log',
        'logs/',
        'notes.swp',
        'root-only.txt',
        'secret.txt',
        'src/',
      ].join('\n'),
    );
  });

  it('takes a path relative to the working directory or absolute', async () => {
    const expected = ['.gitignore', 'a/', 'cache.tmp', 'generated/', 'important.log', 'lib.rs', 'main.rs', 'root-only.txt', 'trace.log', 'util/', 'ünïcode.txt'].join('\n');
    expect(await ls({ path: 'src' })).toBe(expected);
    expect(await ls({ path: path.join(tree.project, 'src') }, tree.plain)).toBe(expected);
  });

  it('marks a link to a directory as a directory', async () => {
    const dir = path.join(tree.base, 'links');
    mkdirSync(path.join(dir, 'real'), { recursive: true });
    writeFileSync(path.join(dir, 'file.txt'), '');
    symlinkSync('real', path.join(dir, 'to-dir'));
    symlinkSync('missing', path.join(dir, 'dangling'));
    expect(await ls({ path: dir })).toBe(['dangling', 'file.txt', 'real/', 'to-dir/'].join('\n'));
  });

  it('says when the directory is empty', async () => {
    mkdirSync(path.join(tree.base, 'empty'));
    expect(await ls({ path: 'empty' }, tree.base)).toBe('empty is an empty directory.');
  });

  it('fails clearly for a missing path and for a file', async () => {
    await expect(ls({ path: 'nope' })).rejects.toThrow(/nope .*does not exist/);
    await expect(ls({ path: 'src/main.rs' })).rejects.toThrow('src/main.rs is a file, not a directory: ls lists directories. Read the file with read.');
  });
});

describe('ls with a glob, on the generated tree', () => {
  it('lists every matching file under path, skipping ignored files that match (hand-written answer)', async () => {
    expect(await ls({ glob: '*.log' })).toBe(['keep.log', 'logs/keep.log', 'src/important.log'].join('\n'));
    expect(await ls({ glob: '*.rs' })).toBe(['src/a/b/inside.rs', 'src/lib.rs', 'src/main.rs', 'src/util/helpers.rs'].join('\n'));
  });

  it('skips .git and ignored files, and includes hidden ones', async () => {
    expect((await ls({ glob: '*' })).split('\n')).toEqual(PROJECT_VISIBLE);
  });

  it('equals rg --files with the grep tool’s ignore flags, filtered by the glob', async () => {
    for (const glob of ['*', '*.log', '*.{rs,md}', 'src/**', 'src/*.rs', '.*', '**/keep.log', '[a-z]*.txt']) {
      const listed = (await ls({ glob })).split('\n');
      expect(listed, glob).toEqual(await rgFilesFiltered(tree.project, glob));
    }
  });

  it('matches a glob with a slash against the path under path, and shows paths relative to the working directory', async () => {
    expect(await ls({ path: 'src', glob: 'util/*' })).toBe('src/util/helpers.rs');
    expect(await ls({ path: 'src', glob: 'src/*' })).toMatch(/^No files under src match src\/\*/);
  });

  it('honours .gitignore outside a repository, from path down', async () => {
    expect(await ls({ glob: '*.txt' }, tree.plain)).toBe(['.hidden.txt', 'ok.txt', 'sub/ok2.txt'].join('\n'));
    expect(await ls({ path: 'sub', glob: '*.txt' }, tree.plain)).toBe(['sub/deeper/x.txt', 'sub/ignored.txt', 'sub/ok2.txt'].join('\n'));
  });

  it('says when no file matches', async () => {
    expect(await ls({ glob: '*.nothing' })).toBe('No files under . match *.nothing (.git and files ignored by .gitignore are skipped).');
  });

  it('reports an invalid glob', async () => {
    await expect(ls({ glob: '{a,b' })).rejects.toThrow(/invalid glob "\{a,b"/);
  });

  it('reports a glob too long for the system to start ripgrep with (E2BIG) by its size, not as a bare "spawn E2BIG"', async () => {
    await expect(ls({ glob: `${'a'.repeat(200_000)}*` })).rejects.toThrow(
      /^glob is 200,001 bytes, too long for the system to start ripgrep with it \(E2BIG; .*\); nothing was listed\. Use a shorter glob\.$/,
    );
  });
});

describe('the output cap', () => {
  it('cuts at 30,000 bytes keeping the start, saying how many entries are not shown', async () => {
    const dir = path.join(tree.base, 'many');
    mkdirSync(dir);
    for (let i = 0; i < 3000; i++) writeFileSync(path.join(dir, `file-with-a-rather-long-name-${String(i).padStart(4, '0')}.txt`), '');
    for (const args of [{ path: 'many' }, { path: 'many', glob: '*.txt' }]) {
      const out = await ls(args, tree.base);
      expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
      const lines = out.split('\n');
      expect(lines[0]).toMatch(/file-with-a-rather-long-name-0000\.txt$/);
      const shown = lines.length - 1;
      expect(lines.at(-1)).toBe(
        `[output cut at 30,000 bytes: ${(3000 - shown).toLocaleString('en-US')} of 3,000 entries are not shown; ${args.glob ? 'narrow the glob, or list a subdirectory' : 'list a subdirectory, or pass a glob'}]`,
      );
    }
  });
});

describe('what ls says about a call, beside the text the model reads', () => {
  const dirs = tempDirs('lug-ls-details-');
  afterAll(() => dirs.removeAll());

  it('describes a call by the directory it reads and its glob', () => {
    const cwd = dirs.make();
    expect(describeTool(lsTool, { glob: '*.md' }, { cwd })).toEqual({ title: '. *.md', kind: 'search', paths: [{ path: '.', access: 'read', absPath: cwd }] });
    expect(describeTool(lsTool, { path: 'src' }, { cwd })).toMatchObject({ title: 'src', kind: 'read' });
  });

  it('gives how many entries there are and how many the result shows', async () => {
    const cwd = dirs.make();
    for (const name of ['a', 'b', 'c']) writeFileSync(path.join(cwd, name), '');
    expect((await runTool(lsTool, {}, { cwd })).details).toEqual({ kind: 'listing', entries: 3, shown: 3 });
    for (let i = 0; i < 200; i++) writeFileSync(path.join(cwd, `file-with-a-long-name-${i}`), '');
    const cut = await runTool(lsTool, {}, { cwd, limits: { outputBytes: 500 } });
    expect(cut.details).toMatchObject({ kind: 'listing', entries: 203 });
    expect((cut.details as { shown: number }).shown).toBe(cut.content.split('\n').length - 1);
  });
});

describe('ls and file names that could pass for other output', () => {
  const dirs = tempDirs('lug-ls-names-');
  afterAll(() => dirs.removeAll());

  it('lists a name that holds a newline as one entry, quoted, in a directory and with a glob', async () => {
    const cwd = dirs.make();
    mkdirSync(path.join(cwd, 'sub'));
    writeFileSync(path.join(cwd, 'sub', 'evil\nREADME.md'), 'x\n');
    writeFileSync(path.join(cwd, 'sub', 'ok.md'), 'x\n');
    const listed = await runTool(lsTool, { path: 'sub' }, { cwd });
    expect(listed.content).toBe('"evil\\nREADME.md"\nok.md');
    expect(listed.details).toEqual({ kind: 'listing', entries: 2, shown: 2 });
    expect(await ls({ glob: '**/*.md' }, cwd)).toBe('"sub/evil\\nREADME.md"\nsub/ok.md');
  });
});
