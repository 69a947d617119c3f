import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLock, holdsLock, lockHolder, lockLeft, releaseLock, takeOverLeftLock } from './process-lock.js';

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lug-process-lock-'));
  lock = join(dir, 'x.lock');
});
afterEach(() => {
  releaseLock(lock);
  rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

/** Make `file` look `seconds` old. */
function age(file: string, seconds: number): void {
  const then = new Date(Date.now() - seconds * 1000);
  utimesSync(file, then, then);
}

describe('a process lock', () => {
  it('names its process, is held once, and goes when let go', () => {
    expect(createLock(lock)).toBe(true);
    expect(lockHolder(lock)?.pid).toBe(process.pid);
    expect(holdsLock(lock)).toBe(true);
    expect(createLock(lock)).toBe(false);
    expect(lockLeft(lock)).toBe(false);
    releaseLock(lock);
    expect(existsSync(lock)).toBe(false);
  });

  it('is left when its process has gone, and taken over then; a running holder keeps it', () => {
    writeFileSync(lock, `${process.ppid}\n`);
    expect(lockLeft(lock)).toBe(false);
    takeOverLeftLock(lock);
    expect(readFileSync(lock, 'utf8')).toBe(`${process.ppid}\n`);

    writeFileSync(lock, `${deadPid()}\n`);
    expect(lockLeft(lock)).toBe(true);
    takeOverLeftLock(lock);
    expect(existsSync(lock)).toBe(false);
  });

  it('naming no process, is left only once older than a moment (its maker may be between creating and writing it)', () => {
    writeFileSync(lock, '');
    expect(lockLeft(lock)).toBe(false);
    age(lock, 10);
    expect(lockLeft(lock)).toBe(true);
  });

  it('is not removed by a second process taking over while the first does: the first may have made the new one already', () => {
    // Another lug found the left lock first: its break file is there, and its own new lock may be what we see next.
    writeFileSync(lock, `${deadPid()}\n`);
    writeFileSync(`${lock}.break`, `${process.ppid}\n`);
    takeOverLeftLock(lock);
    expect(existsSync(lock)).toBe(true);
    // A break file left by a lug that died in that moment goes once it is old; the next try takes the lock over.
    age(`${lock}.break`, 10);
    takeOverLeftLock(lock);
    expect(existsSync(`${lock}.break`)).toBe(false);
    takeOverLeftLock(lock);
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(`${lock}.break`)).toBe(false);
  });
});
