import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateRipgrep, ripgrepOfPackage, RipgrepNotFoundError } from './locate-ripgrep.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-rg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('locateRipgrep', () => {
  it('finds the binary bundled in @vscode/ripgrep', async () => {
    const rg = await locateRipgrep();
    expect(rg).toMatch(/@vscode[/\\]ripgrep-[^/\\]+[/\\]bin[/\\]rg(\.exe)?$/);
  });

  it('resolves the same binary as @vscode/ripgrep itself, without importing it', async () => {
    const { rgPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
    expect(ripgrepOfPackage()).toBe(rgPath);
    expect(await locateRipgrep()).toBe(rgPath);
  });

  it('has no package binary for an architecture with no platform package', () => {
    expect(ripgrepOfPackage('no-such-arch')).toBeUndefined();
  });

  it('remembers the answer', async () => {
    expect(locateRipgrep()).toBe(locateRipgrep());
  });

  it('falls back to an rg on PATH', async () => {
    const fake = path.join(dir, 'rg');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    expect(await locateRipgrep({ skipBundled: true, pathEnv: `/nonexistent${path.delimiter}${dir}` })).toBe(fake);
  });

  it('skips a file named rg that is not executable', async () => {
    const other = mkdtempSync(path.join(dir, 'noexec-'));
    writeFileSync(path.join(other, 'rg'), '');
    await expect(locateRipgrep({ skipBundled: true, pathEnv: other })).rejects.toThrow(RipgrepNotFoundError);
  });

  it('says how to install ripgrep when there is none', async () => {
    await expect(locateRipgrep({ skipBundled: true, pathEnv: '' })).rejects.toThrow(/ripgrep was not found.*Install ripgrep/);
  });
});
