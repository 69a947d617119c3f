import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDirs, tempProject } from './temp-project.js';

describe('tempProject', () => {
  it('makes the files and directories given, nested ones included', () => {
    const p = tempProject({ 'src/a.ts': 'export {}', 'README.md': '# hi', 'empty/': '' });
    expect(p.list()).toEqual(['README.md', 'src/a.ts']);
    expect(fs.statSync(p.path('empty')).isDirectory()).toBe(true);
    expect(p.read('src/a.ts')).toBe('export {}');
    p.remove();
    expect(fs.existsSync(p.dir)).toBe(false);
  });

  it('writes and checks files after creation', () => {
    const p = tempProject();
    p.write('deep/down/f.txt', 'x');
    expect(p.exists('deep/down/f.txt')).toBe(true);
    expect(p.exists('nope')).toBe(false);
    p.remove();
  });

  it('refuses paths that leave the project', () => {
    const p = tempProject();
    expect(() => p.write('../escape.txt', 'x')).toThrow(/points outside the project/);
    p.remove();
  });

  it('gives a real path (temp directories behind symlinks resolved)', () => {
    const p = tempProject();
    expect(fs.realpathSync(p.dir)).toBe(p.dir);
    p.remove();
  });
});

describe('tempDirs', () => {
  it('makes empty real directories and removes them all together', () => {
    const dirs = tempDirs('lug-dirs-test-');
    const a = dirs.make();
    const b = dirs.make();
    expect(a).not.toBe(b);
    expect(fs.readdirSync(a)).toEqual([]);
    expect(fs.realpathSync(a)).toBe(a);
    dirs.removeAll();
    expect([fs.existsSync(a), fs.existsSync(b)]).toEqual([false, false]);
  });
});
