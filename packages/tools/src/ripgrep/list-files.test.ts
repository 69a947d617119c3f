import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileGlob } from '../glob/compile-glob.js';
import { buildIgnoreTree, PROJECT_VISIBLE, type IgnoreTree } from '@lug/testing';
import { globPrefilterArgs } from './glob-prefilter.js';
import { listFiles, ListFilesError } from './list-files.js';
import { processTable } from '../process/process-table.js';
import { locateRipgrep } from './locate-ripgrep.js';

let tree: IgnoreTree;
beforeAll(() => {
  tree = buildIgnoreTree({ setEnv: true });
});
afterAll(() => tree.remove());

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

describe('listFiles', () => {
  it('lists every file that is not ignored, sorted, relative to the root', async () => {
    expect(await listFiles(tree.project)).toEqual(PROJECT_VISIBLE);
  });

  it('keeps ignored files out even when they match the glob (rg -g would let them in)', async () => {
    expect(await listFiles(tree.project, { glob: '*.log' })).toEqual(['keep.log', 'logs/keep.log', 'src/important.log']);
  });

  it('matches a glob with a slash against the path under the root', async () => {
    expect(await listFiles(tree.project, { glob: 'src/**/*.rs' })).toEqual(['src/a/b/inside.rs', 'src/lib.rs', 'src/main.rs', 'src/util/helpers.rs']);
    expect(await listFiles(tree.project, { glob: 'src/*.rs' })).toEqual(['src/lib.rs', 'src/main.rs']);
    expect(await listFiles(path.join(tree.project, 'src'), { glob: 'util/*.rs' })).toEqual(['util/helpers.rs']);
  });

  it('equals the filtered unglobbed listing for every kind of glob', async () => {
    const all = await listFiles(tree.project);
    for (const glob of ['*.rs', '*.{md,txt}', '.*', '**/*.log', 'src/**', '[A-Z]*', 'src/', '*.LOG', 'ü*', '**.rs']) {
      const matcher = compileGlob(glob);
      expect(await listFiles(tree.project, { glob }), glob).toEqual(all.filter((f) => matcher.test(f)));
    }
  });

  it('fails rather than list in part when ripgrep is ended by a signal lug did not send (it shares lug\'s process group)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-list-signal-'));
    const stop = await stuckRipgrep(dir);
    try {
      await expect(listFiles(dir, { glob: '*.log' })).rejects.toThrow(new ListFilesError(`ripgrep was ended by SIGINT before it listed every file under ${dir}; list again.`));
    } finally {
      stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is empty when nothing matches', async () => {
    expect(await listFiles(tree.project, { glob: '*.nothing' })).toEqual([]);
  });

  it('fails clearly when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(listFiles(tree.project, { signal: controller.signal })).rejects.toThrow(ListFilesError);
  });
});

describe('globPrefilterArgs', () => {
  it('turns a file-name glob into a ripgrep file type, which keeps ignore rules', () => {
    expect(globPrefilterArgs(compileGlob('*.rs'))).toEqual(['--type-add', 'lugglob:*.rs', '--type', 'lugglob']);
    expect(globPrefilterArgs(compileGlob('src/**/*.ts'))).toEqual(['--type-add', 'lugglob:*.ts', '--type', 'lugglob']);
  });

  it('gives nothing when no single file-name glob covers every match', () => {
    expect(globPrefilterArgs(undefined)).toEqual([]);
    expect(globPrefilterArgs(compileGlob('src/**'))).toEqual([]);
    expect(globPrefilterArgs(compileGlob('**.rs'))).toEqual([]);
    expect(globPrefilterArgs(compileGlob('{src/a,lib}.rs'))).toEqual([]);
    expect(globPrefilterArgs(compileGlob('include:x'))).toEqual([]);
  });
});
