/**
 * A rule judges the directory grep searches, not the files beneath it: grep asks ctx.refusedRead (which the
 * scheduler sets from the approvals' decision) for each file it prints, and leaves out the refused ones. Through
 * the real approvals, in packages/approvals/src/read-filter.test.ts; here, that grep honours it.
 */
import { mkdirSync, realpathSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolContext } from '@lug/testing';
import { grepTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-grep-refused-')));
writeFileSync(path.join(dir, '.env'), 'API_KEY=SECRET_ONE\n');
mkdirSync(path.join(dir, 'secrets'));
writeFileSync(path.join(dir, 'secrets', 'k'), 'SECRET_TWO\n');
writeFileSync(path.join(dir, 'notes.txt'), 'no SECRET here\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a deny rule on `.env` and `secrets/` answers, and the paths it was asked about. */
const asked: string[] = [];
const refusedRead = (p: string) => {
  asked.push(p);
  return p === path.join(dir, '.env') || p.startsWith(path.join(dir, 'secrets') + path.sep) ? 'denied by rule init.lua:1' : undefined;
};

describe('grep with files a rule refuses beneath the directory it searches', () => {
  it('prints no line of them, searching the root, with a glob that selects one, and in their directory', async () => {
    for (const args of [{ pattern: 'SECRET' }, { pattern: 'SECRET', glob: '.env' }, { pattern: 'SECRET', path: 'secrets' }]) {
      const out = await grepTool.handler(args, { ...toolContext(dir), refusedRead });
      const text = typeof out === 'string' ? out : out.content;
      expect(text).not.toMatch(/SECRET_ONE|SECRET_TWO/);
    }
    const all = await grepTool.handler({ pattern: 'SECRET' }, { ...toolContext(dir), refusedRead });
    expect(typeof all === 'string' ? all : all.content).toBe('notes.txt:1: no SECRET here');
    // Asked once a file, with the file's absolute path.
    expect(asked).toContain(path.join(dir, 'notes.txt'));
  });
});
