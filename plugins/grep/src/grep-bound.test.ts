/** The decision is bound to what runs: grep searches exactly the place its call was approved on. */
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, tempDirs, toolContext } from '@lug/testing';
import { grepTool } from './index.js';

const dirs = tempDirs('lug-grep-bound-');
afterEach(() => dirs.removeAll());

/** A project with src/ in it, and a directory outside it whose file also holds the word. */
function setup() {
  const root = dirs.make();
  const project = path.join(root, 'project');
  const outside = path.join(root, 'outside');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(project, 'src', 'a.ts'), 'const token = 1;\n');
  writeFileSync(path.join(outside, 'secret.env'), 'token=hunter2\n');
  return { project, outside };
}

const contentOf = (r: string | { content: string }) => (typeof r === 'string' ? r : r.content);

describe('grep: bound to its decision', () => {
  it('refuses when the directory became a symlink out of the project after the decision, searching nothing', async () => {
    const { project, outside } = setup();
    const args = { pattern: 'token', path: 'src' };
    const description = describeTool(grepTool, args, { cwd: project });
    renameSync(path.join(project, 'src'), path.join(project, 'src-old'));
    symlinkSync(outside, path.join(project, 'src'));
    const run = Promise.resolve(grepTool.handler(args, toolContext(project, { description })));
    await expect(run).rejects.toThrow(/^src led to .*project\/src when this call was approved, and leads to .*outside now \(a symlink changed in between\), so nothing was searched/);
  });

  it('searches as approved through a symlink that was there at the decision, showing the path it was given', async () => {
    const { project } = setup();
    symlinkSync(path.join(project, 'src'), path.join(project, 'code'));
    symlinkSync(path.join(project, 'src', 'a.ts'), path.join(project, 'one.ts'));
    for (const [p, shown] of [['code', 'code/a.ts'], ['one.ts', 'one.ts']]) {
      const args = { pattern: 'token', path: p };
      const description = describeTool(grepTool, args, { cwd: project });
      expect(contentOf(await grepTool.handler(args, toolContext(project, { description })))).toBe(`${shown}:1: const token = 1;`);
    }
  });
});
