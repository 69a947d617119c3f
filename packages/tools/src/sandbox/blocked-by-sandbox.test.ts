/**
 * Which refusals a sandboxed command's result names as the sandbox's: a
 * refused write by the path its error line names, checked against the
 * policy; the network by the namespace's counters and the host's listeners.
 * Never a note for what was not the sandbox's.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRefusals, type RefusalEvidence } from './blocked-by-sandbox.js';
import type { SandboxPolicy } from './sandbox-policy.js';

const policy: SandboxPolicy = { mode: 'workspace', network: false, projectRoot: '/p', tempDir: '/t', writable: ['/p', '/t'], protected: [{ path: '/p/.git', what: "the project's .git" }] };
const text = (output: string): RefusalEvidence => ({ output, cwd: '/p', network: null });
const counted = (output: string, noRoute: number, refused: number): RefusalEvidence => ({ output, cwd: '/p', network: { noRoute, refused } });

describe('the notes on refused writes', () => {
  it('reads nothing into ordinary output, nor into a file the user made read-only', () => {
    expect(sandboxRefusals(policy, text('ok\nPermission denied (publickey).'), 'linux')).toEqual([]);
    expect(sandboxRefusals(policy, text("sh: 1: cannot create locked.txt: Permission denied"), 'linux')).toEqual([]);
  });

  it('names a write outside, on Linux by EROFS and on macOS by EPERM, by the path the line names', () => {
    expect(sandboxRefusals(policy, text("touch: cannot touch '/etc/x': Read-only file system"), 'linux')[0]).toMatch(/write outside the project .*\/p/);
    expect(sandboxRefusals(policy, text('touch: /etc/x: Operation not permitted'), 'darwin')[0]).toMatch(/write outside the project/);
    expect(sandboxRefusals(policy, text("OSError: [Errno 30] Read-only file system: '/home/u/x'"), 'linux')[0]).toMatch(/write outside the project/);
    expect(sandboxRefusals(policy, text("Error: EROFS: read-only file system, open '/usr/x'"), 'linux')[0]).toMatch(/write outside the project/);
  });

  it('names .git when the refused path is in it, relative or absolute', () => {
    expect(sandboxRefusals(policy, text('sh: 1: cannot create .git/hooks/x: Read-only file system'), 'linux')[0]).toMatch(/the project's \.git \(\/p\/\.git\) is read-only/);
    expect(sandboxRefusals(policy, text("fatal: cannot copy '/usr/share/git-core/templates/description' to '/p/.git/description': Read-only file system"), 'linux')).toEqual([
      expect.stringMatching(/the project's \.git/),
    ]);
    expect(sandboxRefusals(policy, text('error: could not lock config file .git/config: Read-only file system'), 'linux')[0]).toMatch(/the project's \.git/);
  });

  it('says nothing when the refused path is one the sandbox lets it write (a read-only mount of the host)', () => {
    expect(sandboxRefusals(policy, text("touch: cannot touch '/p/mnt/cdrom/x': Read-only file system"), 'linux')).toEqual([]);
    expect(sandboxRefusals(policy, text('bash: line 1: /t/x: Read-only file system'), 'linux')).toEqual([]);
  });

  it('keeps the note of a line that names no path: there the text is the only signal', () => {
    expect(sandboxRefusals(policy, text('write error: Read-only file system'), 'linux')[0]).toMatch(/write outside the project/);
  });

  it('blames read-only mode for any write it refused', () => {
    const ro = { ...policy, mode: 'read-only' as const, writable: [], tempDir: null, protected: [] };
    expect(sandboxRefusals(ro, text("touch: cannot touch 'a': Read-only file system"), 'linux')[0]).toMatch(/read-only mode allows no writes/);
  });
});

describe('the notes on the network', () => {
  let server: net.Server;
  let port = 0;
  beforeAll(async () => {
    server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => server.close());

  it('blames the sandbox for a packet to another machine, by the counters alone', () => {
    expect(sandboxRefusals(policy, counted('', 1, 0), 'linux')).toEqual([expect.stringMatching(/^blocked by the sandbox: network is off .*another machine/)]);
  });

  it('says nothing when the counters show no attempt, whatever the output says', () => {
    expect(sandboxRefusals(policy, counted('curl: (7) Failed to connect to 127.0.0.1 port 8080: Connection refused', 0, 0), 'linux')).toEqual([]);
  });

  it('blames the sandbox for a refused local port only where a server of the host listens on it', () => {
    const refused = (p: number) => counted(`curl: (7) Failed to connect to 127.0.0.1 port ${p}: Connection refused`, 0, 1);
    expect(sandboxRefusals(policy, refused(port), 'linux')).toEqual([expect.stringMatching(new RegExp(`^blocked by the sandbox: network is off .*listens on port ${port}\\b`))]);
    const closed = net.createServer();
    return new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve)).then(() => {
      const free = (closed.address() as net.AddressInfo).port;
      closed.close();
      expect(sandboxRefusals(policy, refused(free), 'linux')).toEqual([]);
    });
  });

  it('says only that it may have been the sandbox when a refusal names no port', () => {
    expect(sandboxRefusals(policy, counted('psql: could not connect to server', 0, 1), 'linux')).toEqual([expect.stringMatching(/^the sandbox may have blocked this: /)]);
  });

  it('reads the text where there are no counters (Seatbelt), and never with the network on', () => {
    const curl = 'curl: (7) Failed to connect to 127.0.0.1 port 8080: Connection refused';
    expect(sandboxRefusals(policy, text(curl), 'darwin')).toEqual([expect.stringMatching(/network is off in the sandbox/)]);
    expect(sandboxRefusals({ ...policy, network: true }, counted(curl, 3, 3), 'linux')).toEqual([]);
  });
});
