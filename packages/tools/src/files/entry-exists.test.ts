import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryExists } from './entry-exists.js';

describe('entryExists', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-entry-exists-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is true for a file, false for a missing name, and false, not an error, for a name too long or under a file', () => {
    writeFileSync(path.join(dir, 'a\nb'), '');
    expect(entryExists(path.join(dir, 'a\nb'))).toBe(true);
    expect(entryExists(path.join(dir, 'missing'))).toBe(false);
    expect(entryExists(path.join(dir, 'x'.repeat(5000)))).toBe(false);
    expect(entryExists(path.join(dir, 'a\nb', 'under-a-file'))).toBe(false);
  });

  it('is true for a dangling link: the entry, not where it leads', () => {
    symlinkSync('gone', path.join(dir, 'link'));
    expect(entryExists(path.join(dir, 'link'))).toBe(true);
  });
});
