/**
 * A directory large enough to be read in batches (list-directory.ts: its size
 * over 256 KiB): the listing is the first entries in order and the count is
 * all of them, as for a directory read whole. What the batches save in memory
 * is measured, not asserted here (README: 200,000 entries).
 */
import { closeSync, mkdirSync, openSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareStrings } from '@lug/tools';
import { tempDirs, toolContext } from '@lug/testing';
import { lsTool } from './index.js';

const ENTRIES = 30_000;
const dirs = tempDirs('lug-ls-large-');
let dir: string;
let expected: string[];

beforeAll(() => {
  dir = path.join(dirs.make(), 'huge');
  mkdirSync(dir);
  expected = [];
  for (let i = 0; i < ENTRIES; i++) {
    const name = `e${String(i).padStart(6, '0')}`;
    closeSync(openSync(path.join(dir, name), 'w'));
    expected.push(name);
  }
  // Shown names sort with their `/`: `e000010a/` (a directory) after `e000010a.txt`, and a link to a directory is one too.
  mkdirSync(path.join(dir, 'e000010a'));
  closeSync(openSync(path.join(dir, 'e000010a.txt'), 'w'));
  symlinkSync('e000010a', path.join(dir, 'e000010b'));
  expected.push('e000010a/', 'e000010a.txt', 'e000010b/');
  expected.sort(compareStrings);
}, 120_000);
afterAll(() => dirs.removeAll(), 120_000);

describe('ls of a directory of 30,000 entries', () => {
  it('shows the first entries in order and says how many are not shown', async () => {
    expect(statSync(dir).size).toBeGreaterThan(256 * 1024); // read in batches
    const out = await lsTool.handler({ path: dir }, toolContext(dir));
    if (typeof out === 'string') throw new Error('ls returns details with its text');
    const lines = out.content.split('\n');
    const shown = lines.length - 1;
    expect(lines.slice(0, shown)).toEqual(expected.slice(0, shown));
    expect(lines.at(-1)).toBe(
      `[output cut at 30,000 bytes: ${(expected.length - shown).toLocaleString('en-US')} of ${expected.length.toLocaleString('en-US')} entries are not shown; list a subdirectory, or pass a glob]`,
    );
    expect(out.details).toEqual({ kind: 'listing', entries: expected.length, shown });
  }, 60_000);
});
