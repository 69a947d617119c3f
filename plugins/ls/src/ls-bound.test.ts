/** The decision is bound to what runs: ls lists exactly the directory its call was approved on. */
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, tempDirs, toolContext } from '@lug/testing';
import { lsTool } from './index.js';

const dirs = tempDirs('lug-ls-bound-');
afterEach(() => dirs.removeAll());

/** A project with docs/ in it, and a directory outside it holding a secret. */
function setup() {
  const root = dirs.make();
  const project = path.join(root, 'project');
  const outside = path.join(root, 'outside');
  mkdirSync(path.join(project, 'docs'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(project, 'docs', 'guide.md'), '# guide\n');
  writeFileSync(path.join(outside, 'secret.key'), 'key\n');
  return { project, outside };
}

describe('ls: bound to its decision', () => {
  for (const glob of [undefined, '*']) {
    it(`refuses when the directory became a symlink out of the project after the decision, listing nothing${glob ? ' (with a glob)' : ''}`, async () => {
      const { project, outside } = setup();
      const args = { path: 'docs', ...(glob ? { glob } : {}) };
      const description = describeTool(lsTool, args, { cwd: project });
      renameSync(path.join(project, 'docs'), path.join(project, 'docs-old'));
      symlinkSync(outside, path.join(project, 'docs'));
      const run = Promise.resolve(lsTool.handler(args, toolContext(project, { description })));
      await expect(run).rejects.toThrow(/^docs led to .*project\/docs when this call was approved, and leads to .*outside now \(a symlink changed in between\), so nothing was listed/);
    });
  }

  it('lists as approved through a symlink that was there at the decision', async () => {
    const { project } = setup();
    symlinkSync(path.join(project, 'docs'), path.join(project, 'manual'));
    const args = { path: 'manual' };
    const description = describeTool(lsTool, args, { cwd: project });
    const result = await lsTool.handler(args, toolContext(project, { description }));
    expect(typeof result === 'string' ? result : result.content).toContain('guide.md');
  });
});
