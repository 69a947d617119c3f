/**
 * A path ripgrep prints may hold newlines, so grep's reader joins the lines before a match that have no NUL
 * (ripgrep's notices, or the start of a path) to that match's path when the joined path names a file. A model
 * that makes a file at `<a notice ripgrep prints>\n./secrets/key` must not get the lines of the real
 * `secrets/key`, which a rule refuses, shown under that other name: every path the printed lines may name is
 * judged, and the file is left out when the rules refuse any of them.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolContext } from '@lug/testing';
import { grepTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-grep-notice-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A rule that denies everything under `secrets/` (anchored at the project, as a user writes it). */
const refusedRead = (p: string) => (p.startsWith(path.join(dir, 'secrets') + path.sep) ? 'denied by rule init.lua:1' : undefined);

describe('grep: a file named like ripgrep notice lines', () => {
  it('does not show a refused file under the name of a file made to look like its notice plus its path', async () => {
    mkdirSync(path.join(dir, 'secrets'));
    writeFileSync(path.join(dir, 'secrets', 'key'), 'SECRET_TWO\n');
    // A binary file that matches before its NUL: ripgrep prints its match, then a notice line without a NUL.
    const bin = 'SECRET one\n' + 'x'.repeat(200_000) + '\n\0more';
    writeFileSync(path.join(dir, 'bin.dat'), bin);
    const notice = `bin.dat: WARNING: stopped searching binary file after match (found "\\0" byte around offset ${bin.indexOf('\0')})`;
    // What the write tool can make: the notice, a newline, and the refused file's path, as directories and a file.
    for (const prefix of [notice, `./${notice}`]) {
      mkdirSync(path.join(dir, `${prefix}\n.`, 'secrets'), { recursive: true });
      writeFileSync(path.join(dir, `${prefix}\n.`, 'secrets', 'key'), 'decoy\n');
    }
    const out = await grepTool.handler({ pattern: 'SECRET' }, { ...toolContext(dir), refusedRead });
    const text = typeof out === 'string' ? out : out.content;
    expect(text).toContain('bin.dat:1: SECRET one');
    expect(text).not.toContain('SECRET_TWO');
  });
});
