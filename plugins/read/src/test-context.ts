/** A real ToolContext and temporary directories for the tests (not part of the package). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LIMITS, PathLocks, type Limits, type ToolContext } from '@lug/core';
import { afterEach } from 'vitest';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-read-'));
  made.push(dir);
  return dir;
}

export function makeContext(cwd: string, options: { locks?: PathLocks; limits?: Partial<Limits>; signal?: AbortSignal } = {}): ToolContext {
  const locks = options.locks ?? new PathLocks();
  return {
    cwd,
    signal: options.signal ?? new AbortController().signal,
    lock: (p) => locks.acquire(p),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    emit: () => undefined,
    callId: 'call-1',
  };
}
