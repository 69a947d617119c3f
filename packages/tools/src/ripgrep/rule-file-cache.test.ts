import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGitignore } from '../ignore/gitignore-rules.js';
import { readIgnoreRules } from './rule-file-cache.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-rule-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const fresh = () => path.join(dir, `${n++}.gitignore`);
/** Written an hour ago as far as its modification time says (its change time is now). */
function writeOld(file: string, text: string): void {
  writeFileSync(file, text);
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(file, hourAgo, hourAgo);
}
describe('readIgnoreRules', () => {
  it('reads a .gitignore as parseGitignore does, and none where there is no file', () => {
    const file = fresh();
    writeOld(file, 'node_modules/\n!keep.log\n*.log\n');
    expect(readIgnoreRules(file)).toEqual(parseGitignore('node_modules/\n!keep.log\n*.log\n'));
    expect(readIgnoreRules(path.join(dir, 'missing.gitignore'))).toEqual([]);
    expect(readIgnoreRules(path.join(dir, 'missing-dir', '.gitignore'))).toEqual([]);
  });

  it('reads nothing from what is not a regular file: a directory, or a FIFO (which a read would wait on forever)', () => {
    const asDir = fresh();
    mkdirSync(asDir);
    expect(readIgnoreRules(asDir)).toEqual([]);
    const fifo = fresh();
    execFileSync('mkfifo', [fifo]);
    expect(readIgnoreRules(fifo)).toEqual([]);
  });

  it('keeps a file once it has not changed for 2 s (the same rules come back), reads one changed since then every time, and sees every change', async () => {
    const file = fresh();
    writeOld(file, 'x.txt\n');
    const settled = Date.now() + 2100;
    expect(readIgnoreRules(file)).toEqual(parseGitignore('x.txt\n'));
    // Its change time is the write's, whatever its modification time says.
    expect(readIgnoreRules(file)).not.toBe(readIgnoreRules(file));
    while (Date.now() < settled) await new Promise((r) => setTimeout(r, 100));
    const kept = readIgnoreRules(file);
    expect(readIgnoreRules(file)).toBe(kept);
    expect(kept).toEqual(parseGitignore('x.txt\n'));
    // The same size, its modification time put back: the change time moved.
    const before = statSync(file);
    writeFileSync(file, 'y.txt\n');
    utimesSync(file, before.atime, before.mtime);
    expect(readIgnoreRules(file)).toEqual(parseGitignore('y.txt\n'));
    writeFileSync(file, 'z.txt\nw.txt\n');
    expect(readIgnoreRules(file)).toEqual(parseGitignore('z.txt\nw.txt\n'));
  });

  it('forgets a file that is removed', () => {
    const file = fresh();
    writeOld(file, 'z\n');
    expect(readIgnoreRules(file)).toEqual(parseGitignore('z\n'));
    rmSync(file);
    expect(readIgnoreRules(file)).toEqual([]);
  });
});
