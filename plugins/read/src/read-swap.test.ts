/**
 * The decision is bound to what runs, also in the moment between read's check of its path (decidedPath) and its
 * open of the file: a directory on the way swapped for a symlink out of the project then (by another process) must
 * not get read to open the file it leads to. Here the swap is made from inside read's own stat, the last step
 * before it opens the file.
 */
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeTool, tempDirs, toolContext } from '@lug/testing';

const swap = vi.hoisted(() => ({ now: undefined as undefined | (() => void) }));
vi.mock('@lug/tools', async (original) => {
  const tools = await original<typeof import('@lug/tools')>();
  return {
    ...tools,
    statRegularFile: async (...args: Parameters<typeof tools.statRegularFile>) => {
      const result = await tools.statRegularFile(...args);
      swap.now?.();
      return result;
    },
  };
});

const { readTool } = await import('./index.js');
const dirs = tempDirs('lug-read-swap-');
afterEach(() => {
  swap.now = undefined;
  dirs.removeAll();
});

describe('read: a directory swapped for a symlink after its path was checked', () => {
  it('refuses to read what the path leads to now, saying where it led and nothing was read', async () => {
    const root = dirs.make();
    const project = path.join(root, 'project');
    mkdirSync(path.join(project, 'docs'), { recursive: true });
    mkdirSync(path.join(root, 'outside'));
    writeFileSync(path.join(project, 'docs', 'notes.md'), '# notes\n');
    writeFileSync(path.join(root, 'outside', 'notes.md'), 'OUTSIDE_SECRET\n');
    const args = { path: 'docs/notes.md' };
    const description = describeTool(readTool, args, { cwd: project });
    swap.now = () => {
      renameSync(path.join(project, 'docs'), path.join(project, 'docs-was'));
      symlinkSync(path.join(root, 'outside'), path.join(project, 'docs'));
    };
    const run = Promise.resolve(readTool.handler(args, toolContext(project, { description })));
    await expect(run).rejects.toThrow(/^docs\/notes\.md led to .*project\/docs\/notes\.md when this call was approved, but the file opened was .*outside\/notes\.md/);
    await expect(run).rejects.not.toThrow(/OUTSIDE_SECRET/);
  });

  it('still reads a file whose path did not change', async () => {
    const project = dirs.make();
    writeFileSync(path.join(project, 'a.txt'), 'plain\n');
    const args = { path: 'a.txt' };
    const description = describeTool(readTool, args, { cwd: project });
    const out = await readTool.handler(args, toolContext(project, { description }));
    expect(typeof out === 'string' ? out : out.content).toContain('plain');
  });
});
