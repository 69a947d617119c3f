/** The decision is bound to what runs: read opens exactly the file its call was approved on. */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, tempDirs, toolContext } from '@lug/testing';
import { readTool } from './index.js';

const dirs = tempDirs('lug-read-bound-');
afterEach(() => dirs.removeAll());

describe('read: bound to its decision', () => {
  it('refuses when the file became a symlink out of the project after the decision, saying nothing was read', async () => {
    const root = dirs.make();
    const project = path.join(root, 'project');
    mkdirSync(project);
    writeFileSync(path.join(root, 'secret.key'), 'key\n');
    writeFileSync(path.join(project, 'notes.md'), '# notes\n');
    const args = { path: 'notes.md' };
    const description = describeTool(readTool, args, { cwd: project });
    rmSync(path.join(project, 'notes.md'));
    symlinkSync(path.join(root, 'secret.key'), path.join(project, 'notes.md'));
    await expect(Promise.resolve(readTool.handler(args, toolContext(project, { description })))).rejects.toThrow(
      /^notes\.md led to .*project\/notes\.md when this call was approved, and leads to .*secret\.key now \(a symlink changed in between\), so nothing was read\./,
    );
  });
});
