/**
 * The decision is bound to what runs, also between edit's check of its path (decidedPath) and its read of the
 * file: a directory on the way swapped for a symlink out of the project then must not have edit read the file it
 * leads to (whose lines its "old_string does not occur" message would show) nor change it.
 */
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
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

const { editTool } = await import('./index.js');
const dirs = tempDirs('lug-edit-swap-');
afterEach(() => {
  swap.now = undefined;
  dirs.removeAll();
});

function project() {
  const root = dirs.make();
  const cwd = path.join(root, 'project');
  mkdirSync(path.join(cwd, 'docs'), { recursive: true });
  mkdirSync(path.join(root, 'outside'));
  writeFileSync(path.join(cwd, 'docs', 'notes.md'), '# notes\n');
  writeFileSync(path.join(root, 'outside', 'notes.md'), 'OUTSIDE_SECRET=1\n');
  swap.now = () => {
    renameSync(path.join(cwd, 'docs'), path.join(cwd, 'docs-was'));
    symlinkSync(path.join(root, 'outside'), path.join(cwd, 'docs'));
  };
  return { root, cwd };
}

describe('edit: a directory swapped for a symlink after its path was checked', () => {
  it('neither shows nor changes the file it leads to now', async () => {
    for (const old_string of ['OUTSIDE_SECRET=2', 'OUTSIDE_SECRET=1']) {
      const { root, cwd } = project();
      const args = { path: 'docs/notes.md', old_string, new_string: 'x' };
      const description = describeTool(editTool, args, { cwd });
      const run = Promise.resolve(editTool.handler(args, toolContext(cwd, { description })));
      await expect(run).rejects.toThrow(/^docs\/notes\.md led to .*project\/docs\/notes\.md when this call was approved, but the file opened was .*outside\/notes\.md/);
      await expect(run).rejects.not.toThrow(/OUTSIDE_SECRET=1/);
      expect(readFileSync(path.join(root, 'outside', 'notes.md'), 'utf8')).toBe('OUTSIDE_SECRET=1\n');
    }
  });
});
