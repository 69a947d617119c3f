/** Which messages in a sandboxed command's output count as the sandbox's refusals. */
import { describe, expect, it } from 'vitest';
import { sandboxRefusals } from './blocked-by-sandbox.js';
import type { SandboxPolicy } from './sandbox-policy.js';

const policy: SandboxPolicy = { mode: 'workspace', network: false, projectRoot: '/p', tempDir: '/t', writable: ['/p', '/t'], protected: [{ path: '/p/.git', what: "the project's .git" }] };

describe('sandboxRefusals', () => {
  it('reads nothing into ordinary output', () => {
    expect(sandboxRefusals(policy, 'ok\nPermission denied (publickey).', 'linux')).toEqual([]);
  });

  it('names a write outside, on Linux by EROFS and on macOS by EPERM', () => {
    expect(sandboxRefusals(policy, "touch: cannot touch '/etc/x': Read-only file system", 'linux')[0]).toMatch(/write outside the project .*\/p/);
    expect(sandboxRefusals(policy, "touch: /etc/x: Operation not permitted", 'darwin')[0]).toMatch(/write outside the project/);
  });

  it('names .git when the refused write was there', () => {
    expect(sandboxRefusals(policy, "sh: 1: cannot create .git/hooks/x: Read-only file system", 'linux')[0]).toMatch(/the project's \.git \(\/p\/\.git\) is read-only/);
  });

  it('says the network is off only when it is', () => {
    const curl = 'curl: (7) Failed to connect to 127.0.0.1 port 8080: Connection refused';
    expect(sandboxRefusals(policy, curl, 'linux')).toEqual([expect.stringMatching(/network is off in the sandbox/)]);
    expect(sandboxRefusals({ ...policy, network: true }, curl, 'linux')).toEqual([]);
  });
});
