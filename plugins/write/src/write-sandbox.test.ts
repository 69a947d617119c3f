/**
 * write keeps the sandbox's write boundary in-process: in workspace mode a
 * file outside the project, through a symlink out of it, or in its .git is
 * refused with the reason, and nothing is written; inside, it writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowAll, createHost, loadPlugin } from '@lug/core';
import { runTool, tempProject, type TempProject } from '@lug/testing';
import { defineSandboxOptions } from '@lug/tools';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let project: TempProject | undefined;
let outside: string | undefined;
afterEach(() => {
  project?.remove();
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

async function sandboxedWrite(mode: 'workspace' | 'read-only') {
  project = tempProject({ '.git/HEAD': 'ref: refs/heads/main\n' });
  outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'lug-write-outside-')));
  fs.symlinkSync(outside, project.path('out'));
  const host = createHost({ cwd: project.dir, authorize: allowAll });
  defineSandboxOptions(host.options);
  await loadPlugin(host, { default: plugin }, '@lug/plugin-write');
  host.options.set('sandbox', mode);
  const write = host.tools.get('write')!;
  return (p: string) => runTool(write, { path: p, content: 'x\n' }, { cwd: project!.dir });
}

describe('write in the sandbox', () => {
  it('writes inside the project in workspace mode', async () => {
    const write = await sandboxedWrite('workspace');
    expect((await write('src/a.txt')).isError).toBe(false);
    expect(project!.read('src/a.txt')).toBe('x\n');
  });

  it('refuses outside the project, through a symlink out of it, and in .git, writing nothing', async () => {
    const write = await sandboxedWrite('workspace');
    for (const p of [path.join(outside!, 'a.txt'), 'out/b.txt']) {
      const r = await write(p);
      expect(r.isError).toBe(true);
      expect(r.content).toMatch(/^blocked by the sandbox: write outside the project/);
    }
    expect(fs.readdirSync(outside!)).toEqual([]);
    const git = await write('.git/hooks/pre-commit');
    expect(git.content).toMatch(/^blocked by the sandbox: the project's \.git/);
    expect(project!.exists('.git/hooks/pre-commit')).toBe(false);
  });

  it('refuses every write in read-only mode', async () => {
    const write = await sandboxedWrite('read-only');
    expect((await write('a.txt')).content).toMatch(/^blocked by the sandbox: read-only mode allows no writes/);
    expect(project!.exists('a.txt')).toBe(false);
  });
});
