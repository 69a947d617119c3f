import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namesFile } from './run-ripgrep.js';

describe('namesFile (whether lines kept before a match name a file)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-grep-names-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is true for a file, false for a missing name, and false, not an error, for a name too long or under a file', () => {
    writeFileSync(path.join(dir, 'a\nb'), '');
    expect(namesFile(path.join(dir, 'a\nb'))).toBe(true);
    expect(namesFile(path.join(dir, 'missing'))).toBe(false);
    expect(namesFile(path.join(dir, 'x'.repeat(5000)))).toBe(false);
    expect(namesFile(path.join(dir, 'a\nb', 'under-a-file'))).toBe(false);
  });
});
