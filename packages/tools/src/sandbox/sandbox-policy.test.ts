/** The policy read from a host's options at each call. */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOptions } from '@lug/core';
import { defineSandboxOptions } from './sandbox-options.js';
import { sandboxPolicy } from './sandbox-policy.js';
import { sandboxFixture } from './sandbox-test-support.js';

const fx = sandboxFixture();
afterAll(() => fx.remove());

function source() {
  const options = createOptions();
  defineSandboxOptions(options);
  return { cwd: fx.project, env: { HOME: fx.root, XDG_CONFIG_HOME: path.dirname(fx.config) }, options };
}

describe('sandboxPolicy', () => {
  it('is null while the sandbox is off (the default), and where its options were never defined', () => {
    expect(sandboxPolicy(source())).toBeNull();
    expect(sandboxPolicy({ ...source(), options: createOptions() })).toBeNull();
  });

  it('follows the options at each call', () => {
    const s = source();
    s.options.set('sandbox', 'workspace');
    const p = sandboxPolicy(s)!;
    expect(p.mode).toBe('workspace');
    expect(p.network).toBe(false);
    expect(p.writable[0]).toBe(fx.project);
    expect(p.protected.map((x) => x.path)).toEqual([path.join(fx.project, '.git')]);
    s.options.set('sandbox_network', true);
    s.options.set('sandbox', 'read-only');
    expect(sandboxPolicy(s)).toMatchObject({ mode: 'read-only', network: true, writable: [], tempDir: null });
  });

  it('refuses a mode it does not know, saying which there are', () => {
    expect(() => source().options.set('sandbox', 'strict')).toThrow('option sandbox must be one of "off", "workspace", "read-only", got "strict"');
    expect(() => source().options.set('sandbox_network', 'yes')).toThrow('option sandbox_network must be true or false, got "yes"');
  });

  it('defines its options once however often it is asked', () => {
    const s = source();
    expect(() => defineSandboxOptions(s.options)).not.toThrow();
  });
});

describe(':sandbox', () => {
  it('shows the mode, sets it, and refuses a mode it does not know', async () => {
    const { sandboxCommand } = await import('./sandbox-command.js');
    const s = source();
    const said: string[] = [];
    const cmd = sandboxCommand(s.options, (m) => said.push(m));
    await cmd.run('');
    await cmd.run(' workspace ');
    expect(s.options.get('sandbox')).toBe('workspace');
    expect(said).toEqual([
      'sandbox: off: processes and file tools write wherever you can (approvals are the only guard)',
      "sandbox: workspace: writes only inside the project and a private temporary directory; .git and lug's configuration stay read-only; network off (lug.opt.sandbox_network)",
    ]);
    expect(() => cmd.run('strict')).toThrow('unknown sandbox mode "strict": use one of off, workspace, read-only');
    expect(cmd.complete!('r')).toEqual(['read-only']);
  });
});
