import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowAll, loadPlugin, createHost, toolSpec } from '@lug/core';
import { buildIgnoreTree, describeTool, readToolsPage, runTool, tempDirs, toolContext, toolPageDifferences, type IgnoreTree } from '@lug/testing';
import { locateRipgrep, processTable } from '@lug/tools';
import plugin, { grepTool } from './index.js';

let tree: IgnoreTree;
// ripgrep finds the global excludes file through HOME and XDG_CONFIG_HOME.
beforeAll(() => {
  tree = buildIgnoreTree({ setEnv: true });
});
afterAll(() => tree.remove());
const page = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));

type Args = Parameters<typeof grepTool.handler>[0];

async function grep(args: Args, cwd = tree.project, ctx = toolContext(cwd)): Promise<string> {
  const out = await grepTool.handler(args, ctx);
  return typeof out === 'string' ? out : out.content;
}

/**
 * A tree where ripgrep waits until it is signalled: a FIFO named .gitignore, which it opens for reading on its
 * way down, so no load on the machine can let it finish before the signal lands. Returns the stop of a
 * listener that sends ripgrep SIGINT the moment it starts, as a Ctrl-C in a line-mode terminal would.
 */
async function stuckRipgrep(dir: string): Promise<() => void> {
  writeFileSync(path.join(dir, 'a.log'), 'cat\n');
  mkdirSync(path.join(dir, 'stuck'));
  execFileSync('mkfifo', [path.join(dir, 'stuck', '.gitignore')]);
  const rg = await locateRipgrep();
  return processTable.subscribe(() => {
    for (const entry of processTable.list()) if (entry.state === 'running' && entry.command.startsWith(rg)) process.kill(entry.pgid, 'SIGINT');
  });
}

describe('the grep tool as the page defines it', () => {
  it('has the page’s description, arguments and ask-by-default exactly', () => {
    expect(toolPageDifferences(grepTool, page)).toEqual([]);
  });

  it('is a plugin by the public contract, exporting the tool by name', async () => {
    const host = createHost({ cwd: tree.project, authorize: allowAll });
    await loadPlugin(host, { default: plugin });
    expect(host.tools.get('grep')?.handler).toBe(grepTool.handler);
    expect(host.tools.source('grep')).toBe('grep');
    expect(toolSpec(grepTool).name).toBe('grep');
    expect(grepTool.keep ?? 'start').toBe('start');
  });
});

describe('grep on the generated tree (hand-written answers)', () => {
  it('searches hidden files, skips .git, binary files and every kind of ignored file', async () => {
    expect(await grep({ pattern: '\\bcat\\b' })).toBe(
      [
        '.env:1: TOKEN=cat',
        '.hidden/config.txt:1: cat = hidden',
        'docs/guide.md:1: A guide about cat',
        'keep.log:1: cat',
        'src/a/b/inside.rs:1: let inside = "cat";',
        'src/important.log:1: cat here',
        'src/main.rs:2:     let cat = 1;',
      ].join('\n'),
    );
  });

  it('applies the glob without letting ignored files back in', async () => {
    expect(await grep({ pattern: 'cat', glob: '*.log' })).toBe(['keep.log:1: cat', 'src/important.log:1: cat here'].join('\n'));
  });

  it('matches a glob with a slash against the path under path', async () => {
    expect(await grep({ pattern: 'cat', glob: 'src/**/*.rs' })).toBe(
      ['src/a/b/inside.rs:1: let inside = "cat";', 'src/main.rs:2:     let cat = 1;', 'src/main.rs:3:     let concat = 2;'].join('\n'),
    );
    expect(await grep({ pattern: 'cat', path: 'src', glob: 'a/**' })).toBe('src/a/b/inside.rs:1: let inside = "cat";');
  });

  it('honours the .gitignore files above path up to the repository root, never above it', async () => {
    // parent/.gitignore is "*": it must not hide the project; the project's own root rules still apply in src.
    expect(await grep({ pattern: 'cat here', path: 'src' })).toBe('src/important.log:1: cat here');
    expect(await grep({ pattern: 'cat here' }, path.join(tree.project, 'src'))).toBe('important.log:1: cat here');
  });

  it('honours .gitignore in a tree that is not a git repository, from path down', async () => {
    expect(await grep({ pattern: 'cat' }, tree.plain)).toBe(['.hidden.txt:1: cat', 'ok.txt:1: cat', 'sub/ok2.txt:1: cat'].join('\n'));
    expect(await grep({ pattern: 'cat', path: 'sub' }, tree.plain)).toBe(
      ['sub/deeper/x.txt:1: cat', 'sub/ignored.txt:1: cat', 'sub/ok2.txt:1: cat'].join('\n'),
    );
  });

  // `{src}/…` names no literal directory, so ripgrep walks from the root: the answers must be the same.
  const unrooted = (glob: string) => glob.replace(/^([^/]+)\//, '{$1}/');
  const sameAsUnrooted = async (args: Args, cwd = tree.project) =>
    expect(await grep(args, cwd)).toBe((await grep({ ...args, glob: unrooted(args.glob!) }, cwd)).replace(unrooted(args.glob!), args.glob!));

  it.each(['src/**', 'src/util/*', 'src/a/**', 'src/a/b/*', 'src/generated/*', 'build/**', 'docs/*', 'logs/*', 'nowhere/*'])(
    'starts ripgrep at the literal directories of %s and finds what the walk from the root finds',
    async (glob) => {
      await sameAsUnrooted({ pattern: 'cat', glob });
      await sameAsUnrooted({ pattern: 'cat', path: '..', glob }, path.join(tree.project, 'src'));
    },
  );

  it.each(['sub/**', 'sub/*.txt', 'sub/deeper/*'])('keeps the root .gitignore in force outside a repository when rooted: %s', async (glob) => {
    await sameAsUnrooted({ pattern: 'cat', glob }, tree.plain);
  });

  it('shows a rooted search outside the working directory with absolute paths', async () => {
    expect(await grep({ pattern: 'rhythm', path: tree.project, glob: 'src/*.rs' }, tree.plain)).toBe(`${path.join(tree.project, 'src', 'lib.rs')}:2: // rhythm`);
  });

  it('matches unicode text', async () => {
    expect(await grep({ pattern: 'naïve café' })).toBe('src/ünïcode.txt:2: naïve café');
  });
});

describe('Rust regex syntax', () => {
  const cases: Array<[string, string, string]> = [
    ['\\b word boundaries', '\\bcat\\b', 'src/a/b/inside.rs:1: let inside = "cat";\nsrc/main.rs:2:     let cat = 1;'],
    ['(?i) in the middle of a pattern', 'foo(?i)bar', 'src/main.rs:4:     let a = "fooBAR";'],
    ['\\pL Unicode letters', '^\\pL+$', 'src/ünïcode.txt:1: Ελληνικά'],
    ['[[:alpha:]] POSIX classes', '^[[:alpha:]]+[0-9]$', 'src/lib.rs:4: abc1'],
    ['(?P<name>…) named groups', '(?P<word>hel+o) world', 'src/lib.rs:1: pub fn greet() -> &\'static str { "hello world" }'],
    ['[a-z&&[^aeiou]] class intersection', '^// [a-z&&[^aeiou]]+$', 'src/lib.rs:2: // rhythm'],
  ];
  for (const [name, pattern, expected] of cases) {
    it(name, async () => {
      expect(await grep({ pattern, path: 'src', glob: '*.{rs,txt}' })).toBe(expected);
    });
  }

  it('takes a pattern that starts with -', async () => {
    expect(await grep({ pattern: "-> &'static", path: 'src' })).toBe('src/lib.rs:1: pub fn greet() -> &\'static str { "hello world" }');
  });

  it('ignores case when asked, and only then', async () => {
    expect(await grep({ pattern: 'CONCAT', path: 'src' })).toMatch(/^No matches/);
    expect(await grep({ pattern: 'CONCAT', path: 'src', ignore_case: true })).toBe('src/main.rs:3:     let concat = 2;');
  });
});

describe('paths, single files and errors', () => {
  it('names a single file in every line, relative to the working directory', async () => {
    expect(await grep({ pattern: 'cat', path: 'src/main.rs' })).toBe(
      ['src/main.rs:2:     let cat = 1;', 'src/main.rs:3:     let concat = 2;'].join('\n'),
    );
    expect(await grep({ pattern: 'cat', path: './src/../src/main.rs' })).toMatch(/^src\/main\.rs:2: /);
  });

  it('shows absolute paths for a search outside the working directory', async () => {
    const out = await grep({ pattern: 'rhythm', path: path.join(tree.project, 'src') }, tree.plain);
    expect(out).toBe(`${path.join(tree.project, 'src', 'lib.rs')}:2: // rhythm`);
  });

  it('accepts an absolute path inside the working directory and shows it relative', async () => {
    expect(await grep({ pattern: 'rhythm', path: path.join(tree.project, 'src') })).toBe('src/lib.rs:2: // rhythm');
  });

  it('says there are no matches in one clear line', async () => {
    expect(await grep({ pattern: 'zzz_nothing_zzz' })).toBe(
      'No matches for the pattern /zzz_nothing_zzz/ in . (.git, binary files and files ignored by .gitignore are not searched).',
    );
    expect(await grep({ pattern: 'zzz', path: 'src', glob: '*.rs', ignore_case: true })).toBe(
      'No matches for the pattern /zzz/ (ignoring case) in src (files matching *.rs) (.git, binary files and files ignored by .gitignore are not searched).',
    );
  });

  it('skips a binary file named as path, saying so', async () => {
    expect(await grep({ pattern: 'cat', path: 'data/blob.bin' })).toMatch(/^No matches: data\/blob\.bin is a binary file/);
  });

  it('quotes ripgrep’s message for an invalid pattern', async () => {
    await expect(grep({ pattern: '(?P<x' })).rejects.toThrow(/invalid pattern \/\(\?P<x\/ \(patterns use Rust regex syntax\)\. ripgrep says:\nregex parse error:[\s\S]*error: /);
    await expect(grep({ pattern: 'a{2,1}' })).rejects.toThrow(/invalid pattern[\s\S]*regex parse error/);
  });

  it('reports a missing path', async () => {
    await expect(grep({ pattern: 'x', path: 'no/such/dir' })).rejects.toThrow(/no\/such\/dir .*does not exist/);
  });

  it('reports an invalid glob', async () => {
    await expect(grep({ pattern: 'x', glob: '[abc' })).rejects.toThrow(/invalid glob "\[abc"/);
  });
});

describe('long lines, the output cap, streaming and cancelling', () => {
  let big: string;
  beforeAll(() => {
    big = path.join(tree.base, 'big');
    mkdirSync(big, { recursive: true });
    writeFileSync(path.join(big, 'long.txt'), `${'x'.repeat(5000)} needle ${'y'.repeat(100)}\nshort needle\n`);
    writeFileSync(path.join(big, 'crlf.txt'), 'needle in crlf\r\nnext\r\n');
    // About 25 MB of matching lines: ripgrep alone prints ~35 MB for it.
    const line = 'match me, a line that matches the pattern everywhere\n';
    mkdirSync(path.join(tree.base, 'flood'), { recursive: true });
    writeFileSync(path.join(tree.base, 'flood', 'all.txt'), line.repeat(500_000));
  });

  it('cuts a line at 2,000 characters itself, with a visible mark, keeping the line', async () => {
    const out = await grep({ pattern: 'needle', path: 'long.txt' }, big);
    const [first, second] = out.split('\n');
    expect(first).toBe(`long.txt:1: ${'x'.repeat(2000)}… [line cut: ${5000 + 8 + 100 - 2000} more characters]`);
    expect(second).toBe('long.txt:2: short needle');
  });

  it('shows a CRLF line without its CR', async () => {
    expect(await grep({ pattern: 'needle', path: 'crlf.txt' }, big)).toBe('crlf.txt:1: needle in crlf');
  });

  it('cuts the output at 30,000 bytes keeping the start, saying how to narrow the search', async () => {
    const out = await grep({ pattern: 'match', path: 'flood' }, tree.base);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    const lines = out.split('\n');
    expect(lines[0]).toBe('flood/all.txt:1: match me, a line that matches the pattern everywhere');
    expect(lines.at(-1)).toMatch(/^\[output cut at 30,000 bytes: only the first [\d,]+ matching lines are shown and there are more\. Narrow the search: a more specific pattern, a path, or a glob/);
    expect(lines.at(-2)).toMatch(/^flood\/all\.txt:\d+: match me/);
  });

  it('stops ripgrep once the output is full instead of reading on', async () => {
    // One file, so ripgrep streams its matches (searching a directory, it prints each file's whole output at once).
    const rg = await locateRipgrep();
    await grep({ pattern: 'match', path: 'flood/all.txt' }, tree.base); // warm the page cache
    const started = Date.now();
    await grep({ pattern: 'match', path: 'flood/all.txt' }, tree.base);
    const capped = Date.now() - started;
    const t = Date.now();
    execFileSync(rg, ['--no-config', '-n', '-e', 'match', 'flood/all.txt'], { cwd: tree.base, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
    const full = Date.now() - t;
    expect(capped).toBeLessThan(full / 2);
    expect(processTable.running()).toBe(0);
  });

  it('kills a running search when the turn is cancelled', async () => {
    const controller = new AbortController();
    const ctx = toolContext(tree.base, { signal: controller.signal });
    // A pattern ripgrep cannot prefilter on, over 25 MB: slow enough to be caught running.
    const search = grepTool.handler({ pattern: '(a|b)*c\\w{300}zzz' }, ctx);
    while (processTable.running() === 0) await new Promise((r) => setTimeout(r, 1));
    controller.abort();
    await expect(search).rejects.toThrow(/cancelled/);
    expect(processTable.running()).toBe(0);
  });

  it('fails rather than answer in part when ripgrep is ended by a signal lug did not send (it shares lug\'s process group)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-grep-signal-'));
    const stop = await stuckRipgrep(dir);
    try {
      await expect(grep({ pattern: 'cat' }, dir)).rejects.toThrow('grep failed: ripgrep was ended by SIGINT before it finished, so the search is incomplete. Run it again.');
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what grep says about a call, beside the text the model reads', () => {
  const dirs = tempDirs('lug-grep-details-');
  afterAll(() => dirs.removeAll());

  it('describes a call by its pattern and where it looks, and reads that path', () => {
    const cwd = dirs.make();
    expect(describeTool(grepTool, { pattern: 'TODO', path: 'src', glob: '*.ts' }, { cwd })).toEqual({
      title: 'TODO  src *.ts',
      kind: 'search',
      paths: [{ path: 'src', access: 'read', absPath: path.join(cwd, 'src') }],
    });
    expect(describeTool(grepTool, { pattern: 'TODO' }, { cwd })).toMatchObject({ title: 'TODO', paths: [{ path: '.', absPath: cwd }] });
  });

  it('gives the matching lines and how many files they are in', async () => {
    const cwd = dirs.make();
    writeFileSync(path.join(cwd, 'a.txt'), 'TODO one\nTODO two\n');
    writeFileSync(path.join(cwd, 'b.txt'), 'TODO three\nnothing\n');
    expect((await runTool(grepTool, { pattern: 'TODO' }, { cwd })).details).toEqual({ kind: 'search', matches: 3, files: 2, cut: false });
    expect((await runTool(grepTool, { pattern: 'absent' }, { cwd })).details).toEqual({ kind: 'search', matches: 0, files: 0, cut: false });
  });

  it('says when there were more matches than the result holds', async () => {
    const cwd = dirs.make();
    writeFileSync(path.join(cwd, 'many.txt'), 'match this line\n'.repeat(500));
    const r = await runTool(grepTool, { pattern: 'match' }, { cwd, limits: { outputBytes: 1000 } });
    expect(r.details).toMatchObject({ kind: 'search', files: 1, cut: true });
    expect((r.details as { matches: number }).matches).toBeLessThan(500);
  });
});

describe('grep and file names that could pass for other output', () => {
  const dirs = tempDirs('lug-grep-names-');
  afterAll(() => dirs.removeAll());

  it('shows a match in a file whose name holds a newline under that whole name, quoted, never as a match in the file its last line names', async () => {
    const cwd = dirs.make();
    mkdirSync(path.join(cwd, 'sub'));
    writeFileSync(path.join(cwd, 'sub', 'evil\nREADME.md'), 'secret here\n');
    writeFileSync(path.join(cwd, 'README.md'), 'nothing\n');
    writeFileSync(path.join(cwd, 'plain.txt'), 'secret too\n');
    const r = await runTool(grepTool, { pattern: 'secret' }, { cwd });
    // Sorted by the path as shown: the quote comes first.
    expect(r.content).toBe('"sub/evil\\nREADME.md":1: secret here\nplain.txt:1: secret too');
    expect(r.details).toEqual({ kind: 'search', matches: 2, files: 2, cut: false });
    // With a glob, and searching the directory: the same name, whole.
    expect(await grep({ pattern: 'secret', glob: 'sub/**' }, cwd)).toBe('"sub/evil\\nREADME.md":1: secret here');
    expect(await grep({ pattern: 'secret', path: 'sub' }, cwd)).toBe('"sub/evil\\nREADME.md":1: secret here');
  });

  it('tells ripgrep’s notice about a binary file from a name that holds a newline (ripgrep’s own notice, read from a real search)', async () => {
    const cwd = dirs.make();
    // A match, then a NUL past ripgrep's first look: it prints the match, then a notice, before the next file's matches.
    writeFileSync(path.join(cwd, 'late.dat'), `secret first\n${'x'.repeat(300_000)}\n\0binary\nsecret more\n`);
    writeFileSync(path.join(cwd, 'z\nREADME.md'), 'secret z\n');
    writeFileSync(path.join(cwd, 'README.md'), 'nothing\n');
    const lines = (await grep({ pattern: 'secret' }, cwd)).split('\n');
    expect(lines).toContain('"z\\nREADME.md":1: secret z');
    expect(lines.filter((l) => /WARNING|binary file/.test(l))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('README.md'))).toEqual([]);
  });

  it('shows a name with an escape sequence quoted, so it cannot drive the terminal', async () => {
    const cwd = dirs.make();
    writeFileSync(path.join(cwd, 'a\x1b[2Jb.txt'), 'needle\n');
    expect(await grep({ pattern: 'needle' }, cwd)).toBe('"a\\u001b[2Jb.txt":1: needle');
  });
});
