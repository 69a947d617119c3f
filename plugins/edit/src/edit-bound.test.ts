/** The decision is bound to what runs: edit changes exactly the file its call was approved on. */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, tempDirs, toolContext } from '@lug/testing';
import { editTool } from './index.js';

const dirs = tempDirs('lug-edit-bound-');
afterEach(() => dirs.removeAll());

describe('edit: bound to its decision', () => {
  it('refuses when the file became a symlink to a file outside the project after the decision, and changes neither', async () => {
    const root = dirs.make();
    const project = path.join(root, 'project');
    mkdirSync(project);
    writeFileSync(path.join(root, 'secret.txt'), 'keep = 1\n');
    writeFileSync(path.join(project, 'conf.txt'), 'keep = 1\n');
    const args = { path: 'conf.txt', old_string: 'keep = 1', new_string: 'keep = 0' };
    const description = describeTool(editTool, args, { cwd: project });
    rmSync(path.join(project, 'conf.txt'));
    symlinkSync(path.join(root, 'secret.txt'), path.join(project, 'conf.txt'));
    await expect(Promise.resolve(editTool.handler(args, toolContext(project, { description })))).rejects.toThrow(
      /^conf\.txt led to .*project\/conf\.txt when this call was approved, and leads to .*secret\.txt now \(a symlink changed in between\), so nothing was changed/,
    );
    expect(readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('keep = 1\n');
  });

  it('edits as approved when nothing changed', async () => {
    const project = dirs.make();
    writeFileSync(path.join(project, 'conf.txt'), 'keep = 1\n');
    const args = { path: 'conf.txt', old_string: 'keep = 1', new_string: 'keep = 0' };
    const description = describeTool(editTool, args, { cwd: project });
    await editTool.handler(args, toolContext(project, { description }));
    expect(readFileSync(path.join(project, 'conf.txt'), 'utf8')).toBe('keep = 0\n');
  });
});
