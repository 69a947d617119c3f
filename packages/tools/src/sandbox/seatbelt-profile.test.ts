/**
 * The Seatbelt profile says what the bwrap mounts say, in SBPL, where the
 * last matching rule wins: writes denied, then allowed under the writable
 * places, then denied again under the protected ones; the network denied
 * unless allowed. Generated and checked here; run only on macOS.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { anyCaseRegex, seatbeltArgs, seatbeltProfile, sbplString } from './seatbelt-profile.js';
import type { SandboxPolicy } from './sandbox-policy.js';

const workspace: SandboxPolicy = {
  mode: 'workspace',
  network: false,
  projectRoot: '/Users/ann/proj',
  tempDir: '/private/var/folders/x/lug-sandbox-1-abc',
  writable: ['/Users/ann/proj', '/private/var/folders/x/lug-sandbox-1-abc'],
  protected: [{ path: '/Users/ann/proj/.git', what: "the project's .git" }],
};

describe('the Seatbelt profile', () => {
  it('denies writes, allows them under the writable places, then denies the protected paths again, in that order', () => {
    const lines = seatbeltProfile(workspace).trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['(version 1)', '(allow default)', '(deny file-write*)']);
    const allowProject = lines.indexOf('(allow file-write* (subpath "/Users/ann/proj"))');
    const allowTemp = lines.indexOf('(allow file-write* (subpath "/private/var/folders/x/lug-sandbox-1-abc"))');
    const denyGit = lines.indexOf('(deny file-write* (subpath "/Users/ann/proj/.git") (regex #"^/[uU][sS][eE][rR][sS]/[aA][nN][nN]/[pP][rR][oO][jJ]/\\.[gG][iI][tT](/|$)"))');
    expect(allowProject).toBeGreaterThan(2);
    expect(allowTemp).toBeGreaterThan(allowProject);
    expect(denyGit).toBeGreaterThan(allowTemp);
  });

  it('lets every mode write the null device and terminals', () => {
    expect(seatbeltProfile({ ...workspace, mode: 'read-only', writable: [], tempDir: null, protected: [] })).toContain('(literal "/dev/null")');
  });

  it('allows no write place at all in read-only mode', () => {
    const profile = seatbeltProfile({ ...workspace, mode: 'read-only', writable: [], tempDir: null, protected: [] });
    expect(profile).not.toMatch(/subpath/);
  });

  it('denies the network unless it is allowed, keeping local sockets', () => {
    expect(seatbeltProfile(workspace)).toMatch(/\(deny network\*\)\n\(allow network-outbound \(remote unix-socket\)\)\n$/);
    expect(seatbeltProfile({ ...workspace, network: true })).not.toMatch(/network/);
  });

  it('denies a protected path in any case of its letters (macOS volumes ignore case), escaping what a regex would read', () => {
    expect(anyCaseRegex('/a.b/C+1"')).toBe('#"^/[aA]\\.[bB]/[cC]\\+1.(/|$)"');
    expect(() => anyCaseRegex('/a\nb')).toThrow(/control character/);
  });

  it('escapes quotes and backslashes in paths, and refuses control characters', () => {
    expect(sbplString('/a "b"\\c')).toBe('"/a \\"b\\"\\\\c"');
    expect(() => sbplString('/a\nb')).toThrow(/control character/);
  });

  it('runs the command itself after the profile', () => {
    expect(seatbeltArgs(workspace, '/bin/bash', ['-c', 'ls'])).toEqual(['-p', seatbeltProfile(workspace), '/bin/bash', '-c', 'ls']);
  });

  it.runIf(process.platform === 'darwin')('confines a real command on macOS', () => {
    const out = execFileSync('/usr/bin/sandbox-exec', seatbeltArgs({ ...workspace, writable: [], protected: [] }, '/bin/sh', ['-c', 'touch /tmp/lug-seatbelt-test 2>&1; echo $?']), { encoding: 'utf8' });
    expect(out).toMatch(/Operation not permitted\n1\n$/);
  });
});
