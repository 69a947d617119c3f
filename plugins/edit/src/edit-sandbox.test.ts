/** edit keeps the sandbox's write boundary in-process, as write does: a file outside the project is refused and left as it was. */
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

describe('edit in the sandbox', () => {
  it('edits inside the project and refuses a file outside it in workspace mode', async () => {
    project = tempProject({ 'a.txt': 'old\n' });
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'lug-edit-outside-')));
    const target = path.join(outside, 'b.txt');
    fs.writeFileSync(target, 'old\n');
    const host = createHost({ cwd: project.dir, authorize: allowAll });
    defineSandboxOptions(host.options);
    await loadPlugin(host, { default: plugin }, '@lug/plugin-edit');
    host.options.set('sandbox', 'workspace');
    const edit = host.tools.get('edit')!;
    expect((await runTool(edit, { path: 'a.txt', old_string: 'old', new_string: 'new' }, { cwd: project.dir })).isError).toBe(false);
    expect(project.read('a.txt')).toBe('new\n');
    const r = await runTool(edit, { path: target, old_string: 'old', new_string: 'new' }, { cwd: project.dir });
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^blocked by the sandbox: write outside the project/);
    expect(fs.readFileSync(target, 'utf8')).toBe('old\n');
  });
});
