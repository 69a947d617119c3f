/** write and edit keep the sandbox's boundary in-process, on the real path (symlinks followed). */
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWriteBoundary, writeRefusal } from './write-boundary.js';
import { buildPolicy } from './sandbox-policy.js';
import { sandboxFixture } from './sandbox-test-support.js';

const fx = sandboxFixture();
afterAll(() => fx.remove());

describe('the write boundary', () => {
  it('allows anything with the sandbox off', () => {
    expect(writeRefusal(null, fx.project, '/etc/passwd')).toBeNull();
  });

  it('allows a new file inside the project and the temp directory in workspace mode', () => {
    expect(writeRefusal(fx.policy(), fx.project, 'src/new/a.ts')).toBeNull();
    expect(writeRefusal(fx.policy(), fx.project, path.join(fx.temp, 'x'))).toBeNull();
  });

  it('refuses a path outside the project, a ../ escape and a symlink out of it', () => {
    symlinkSync(fx.outside, path.join(fx.project, 'link-out'));
    for (const p of [path.join(fx.outside, 'a'), '../outside/a', 'link-out/a']) {
      expect(writeRefusal(fx.policy(), fx.project, p)).toMatch(/^blocked by the sandbox: write outside the project/);
    }
  });

  it("refuses the project's .git and lug's configuration inside the project", () => {
    const config = path.join(fx.project, 'cfg');
    mkdirSync(config);
    const policy = fx.policy('workspace', { configDir: config });
    expect(writeRefusal(policy, fx.project, '.git/hooks/pre-commit')).toMatch(/^blocked by the sandbox: the project's \.git/);
    expect(writeRefusal(policy, fx.project, 'cfg/init.lua')).toMatch(/^blocked by the sandbox: lug's configuration directory/);
  });

  it("refuses the project's .git also before it exists (a .git written by write would hold hooks too)", () => {
    const project = path.join(fx.root, 'no-git');
    mkdirSync(project);
    const policy = buildPolicy({ mode: 'workspace', network: false, projectRoot: project, configDir: fx.config, tempDir: fx.temp });
    expect(writeRefusal(policy, project, '.git/config')).toMatch(/^blocked by the sandbox: the project's \.git/);
    expect(writeRefusal(policy, project, '.gitignore')).toBeNull();
  });

  it('refuses every write in read-only mode, as a ToolError the model reads', () => {
    expect(() => checkWriteBoundary(fx.policy('read-only'), fx.project, 'a.txt')).toThrow(/^blocked by the sandbox: read-only mode allows no writes/);
  });
});
