import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolvePackageEntry } from './package-entry.js';
import { SHARED_BUNDLES } from './shared-bundles.js';

const here = fileURLToPath(new URL('.', import.meta.url));

function writePackage(root: string, id: string, manifest: object, files: string[]): string {
  const dir = join(root, 'node_modules', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), 'export {};\n');
  }
  return realpathSync(dir);
}

describe('resolvePackageEntry', () => {
  it('finds what import() finds for every package start.ts shares', () => {
    for (const id of Object.keys(SHARED_BUNDLES)) {
      expect(resolvePackageEntry(id, here)).toBe(fileURLToPath(import.meta.resolve(id)));
    }
  });

  it('reads exports as a string, by condition, nested and in an array; else main; else index.js', () => {
    const root = mkdtempSync(join(tmpdir(), 'lug-entry-'));
    const from = join(root, 'a', 'b');
    mkdirSync(from, { recursive: true });
    const plain = writePackage(root, 'plain', { exports: './lib/x.js' }, ['lib/x.js']);
    expect(resolvePackageEntry('plain', from)).toBe(join(plain, 'lib/x.js'));
    const scoped = writePackage(root, '@s/cond', { exports: { '.': { types: './t.d.ts', require: './r.cjs', import: { types: './i.d.ts', default: './i.js' } } } }, ['i.js']);
    expect(resolvePackageEntry('@s/cond', from)).toBe(join(scoped, 'i.js'));
    const listed = writePackage(root, 'listed', { exports: [{ worker: './w.js' }, { default: './d.js' }] }, ['d.js']);
    expect(resolvePackageEntry('listed', from)).toBe(join(listed, 'd.js'));
    const main = writePackage(root, 'main', { main: 'm.js' }, ['m.js']);
    expect(resolvePackageEntry('main', from)).toBe(join(main, 'm.js'));
    const bare = writePackage(root, 'bare', {}, ['index.js']);
    expect(resolvePackageEntry('bare', from)).toBe(join(bare, 'index.js'));
  });

  it('takes the nearest node_modules and follows a symbolic link to the real file', () => {
    const root = mkdtempSync(join(tmpdir(), 'lug-entry-'));
    writePackage(root, 'p', { exports: './far.js' }, ['far.js']);
    const near = join(root, 'inner');
    const real = join(root, 'real-p');
    mkdirSync(real);
    writeFileSync(join(real, 'package.json'), JSON.stringify({ exports: { import: './near.js' } }));
    writeFileSync(join(real, 'near.js'), '');
    mkdirSync(join(near, 'node_modules'), { recursive: true });
    symlinkSync(real, join(near, 'node_modules', 'p'));
    expect(resolvePackageEntry('p', join(near))).toBe(join(realpathSync(real), 'near.js'));
  });

  it('says what is wrong: no package, no entry for import, not a bare name', () => {
    const root = mkdtempSync(join(tmpdir(), 'lug-entry-'));
    expect(() => resolvePackageEntry('missing-package-xyz', root)).toThrow(/cannot find the package missing-package-xyz/);
    writePackage(root, 'requireonly', { exports: { require: './r.cjs' } }, []);
    expect(() => resolvePackageEntry('requireonly', root)).toThrow(/name no entry for import/);
    expect(() => resolvePackageEntry('./relative', root)).toThrow(/not a bare package name/);
    expect(() => resolvePackageEntry('@lug/core/state-paths', root)).toThrow(/not a bare package name/);
  });
});
