/**
 * The bash plugin runs each call in the OS sandbox its host's options ask
 * for, read at the call: with lug.opt.sandbox = "workspace" a write outside
 * the project fails and the result says the sandbox blocked it; with the
 * option back at "off" the same command runs unsandboxed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowAll, createHost, loadPlugin } from '@lug/core';
import { tempProject, runTool, type TempProject } from '@lug/testing';
import { defineSandboxOptions } from '@lug/tools';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';

let project: TempProject | undefined;
let outside: string | undefined;
afterEach(() => {
  project?.remove();
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('bash in the sandbox', () => {
  it('follows lug.opt.sandbox at each call, and says what the sandbox blocked', async () => {
    project = tempProject();
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-bash-outside-'));
    const host = createHost({ cwd: project.dir, authorize: allowAll });
    defineSandboxOptions(host.options);
    await loadPlugin(host, { default: plugin }, '@lug/plugin-bash');
    const bash = host.tools.get('bash')!;
    const target = path.join(outside, 'x.txt');

    host.options.set('sandbox', 'workspace');
    const blocked = await runTool(bash, { command: `echo hi > inside.txt && echo no > ${target}` }, { cwd: project.dir });
    expect(blocked.content).toMatch(/^exit status 1\n/);
    expect(blocked.content).toMatch(/\nblocked by the sandbox: write outside the project \(workspace mode writes only inside /);
    expect(project.read('inside.txt')).toBe('hi\n');
    expect(fs.existsSync(target)).toBe(false);

    host.options.set('sandbox', 'off');
    const free = await runTool(bash, { command: `echo yes > ${target}` }, { cwd: project.dir });
    expect(free.content).toBe('exit status 0\n(no output)');
    expect(fs.readFileSync(target, 'utf8')).toBe('yes\n');
  });

  it('words a command killed by a signal as unsandboxed, and keeps exit 137 an exit status', async () => {
    project = tempProject();
    const host = createHost({ cwd: project.dir, authorize: allowAll });
    defineSandboxOptions(host.options);
    await loadPlugin(host, { default: plugin }, '@lug/plugin-bash');
    const bash = host.tools.get('bash')!;
    const run = async (command: string) => (await runTool(bash, { command }, { cwd: project!.dir })).content.split('\n')[0];
    const words = async (mode: 'off' | 'workspace') => {
      host.options.set('sandbox', mode);
      return [await run('kill -KILL $$'), await run('kill -TERM $$'), await run('exit 137')];
    };
    expect(await words('off')).toEqual(['killed by signal SIGKILL', 'killed by signal SIGTERM', 'exit status 137']);
    expect(await words('workspace')).toEqual(await words('off'));
  });
});
