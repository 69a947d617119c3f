/** A sandbox that cannot start is a SandboxError that says what to install or change, never an unsandboxed run. */
import { describe, expect, it } from 'vitest';
import { locateBwrap, probeLauncher, SandboxError } from './sandbox-launcher.js';

describe('the sandbox launcher', () => {
  it('says to install bubblewrap where there is none', () => {
    expect(() => probeLauncher('linux', undefined)).toThrow(SandboxError);
    expect(() => probeLauncher('linux', undefined)).toThrow(/^the sandbox cannot start: bubblewrap is not installed .*apt-get install bubblewrap.*lug\.opt\.sandbox = "off"/);
  });

  it('says what failed when bwrap is there but cannot make its namespaces', () => {
    expect(() => probeLauncher('linux', '/bin/false')).toThrow(/^the sandbox cannot start: \/bin\/false failed \(exit 1\); it needs user namespaces/);
  });

  it('names the platforms it supports elsewhere', () => {
    expect(() => probeLauncher('win32', undefined)).toThrow('the sandbox cannot start: it needs Linux (bubblewrap) or macOS (Seatbelt), and this is win32');
  });

  it.runIf(process.platform === 'linux')('finds and starts the bwrap of this machine', () => {
    const bwrap = locateBwrap();
    if (!bwrap) throw new Error('the sandbox tests need bubblewrap: install it (apt-get install bubblewrap; .ci/run does), then run them again');
    expect(probeLauncher('linux', bwrap)).toEqual({ kind: 'bwrap', path: bwrap });
  });
});
