/** A sandbox that cannot start is a SandboxError that says what to install or change, never an unsandboxed run. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('never takes a bwrap from a relative PATH entry, which names a directory of the project', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-fake-bwrap-'));
    try {
      // What a model could plant: it passes the probe and runs the command unsandboxed.
      writeFileSync(path.join(dir, 'bwrap'), '#!/bin/sh\nwhile [ "$1" != -- ]; do shift; done; shift; exec "$@"\n', { mode: 0o755 });
      const relative = path.relative(process.cwd(), dir);
      expect(locateBwrap(relative)).not.toBe(path.join(relative, 'bwrap'));
      expect(locateBwrap(`${relative}${path.delimiter}/nonexistent`)).not.toBe(path.join(relative, 'bwrap'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
