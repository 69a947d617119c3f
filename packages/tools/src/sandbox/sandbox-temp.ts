/**
 * The private temporary directory of sandboxed processes (their TMPDIR): one
 * per lug, made on first use, removed when lug exits (exit-cleanup.ts) and,
 * after a `kill -9`, never reused (a new lug makes a new one; its name says
 * whose it was: `lug-sandbox-PID-XXXXXX` under the system's temp directory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string | undefined;

export function sandboxTempDir(): string {
  return (dir ??= mkdtempSync(join(tmpdir(), `lug-sandbox-${process.pid}-`)));
}

/** At exit, after the processes are gone. */
export function removeSandboxTempDir(): void {
  if (dir === undefined) return;
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // Exit goes on; the directory is in the system's temp directory, which is cleaned anyway.
  }
  dir = undefined;
}
