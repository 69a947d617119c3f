/**
 * A rule judges the directory ls lists, not its entries: ls asks ctx.refusedRead (which the scheduler sets from
 * the approvals' decision) for each entry, and leaves out the refused ones, counting only what it shows. Through
 * the real approvals, in packages/approvals/src/read-filter.test.ts; here, that ls honours it.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolContext } from '@lug/testing';
import { lsTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-ls-refused-')));
writeFileSync(path.join(dir, '.env'), 'API_KEY=x\n');
mkdirSync(path.join(dir, 'secrets'));
writeFileSync(path.join(dir, 'secrets', 'k'), 'x\n');
writeFileSync(path.join(dir, 'notes.txt'), 'x\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// As the approvals resolve a path (resolveRealPath: absolute, no trailing slash), a rule then sees `<dir>/secrets` for the directory itself.
const refusedRead = (p: string) => {
  const abs = path.resolve(dir, p);
  return abs === path.join(dir, '.env') || abs.startsWith(path.join(dir, 'secrets') + path.sep) ? 'denied by rule init.lua:1' : undefined;
};
const text = (out: Awaited<ReturnType<typeof lsTool.handler>>) => (typeof out === 'string' ? out : out.content);

describe('ls with entries a rule refuses', () => {
  it('does not list them, in the directory or with a glob', async () => {
    expect(text(await lsTool.handler({}, { ...toolContext(dir), refusedRead }))).toBe('notes.txt\nsecrets/');
    expect(text(await lsTool.handler({ glob: '**' }, { ...toolContext(dir), refusedRead }))).toBe('notes.txt');
    // Without rules, all of them.
    expect(text(await lsTool.handler({}, toolContext(dir)))).toBe('.env\nnotes.txt\nsecrets/');
  });

  it('leaves refused entries out before choosing the first ones to show, and out of the count of those not shown', async () => {
    const many = path.join(dir, 'many');
    mkdirSync(many);
    // Refused names sort first and last: neither may take a shown place or count among the entries not shown.
    const names = ['0a', '0b', '0c', ...Array.from({ length: 200 }, (_, i) => `x${String(i + 1).padStart(3, '0')}`), 'zz1', 'zz2', 'zz3'];
    for (const name of names) writeFileSync(path.join(many, name), 'x\n');
    const refusedInMany = (p: string) => (/^(0|zz)/.test(path.basename(p)) ? 'denied by rule init.lua:2' : undefined);
    const out = await lsTool.handler({ path: 'many' }, { ...toolContext(dir, { limits: { outputBytes: 150 } }), refusedRead: refusedInMany });
    const lines = text(out).split('\n');
    expect(lines[0]).toBe('x001');
    expect(lines.at(-1)).toMatch(/ of 200 entries are not shown/);
    if (typeof out !== 'string') expect(out.details).toMatchObject({ entries: 200 });
  });
});
