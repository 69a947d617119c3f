import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, resolvePath } from './resolve-path.js';

describe('resolvePath', () => {
  it('resolves a relative path from the working directory', () => {
    expect(resolvePath('/work/p', 'src/a.ts')).toBe('/work/p/src/a.ts');
    expect(resolvePath('/work/p', './src/../b.ts')).toBe('/work/p/b.ts');
  });

  it('keeps an absolute path', () => {
    expect(resolvePath('/work/p', '/etc/hosts')).toBe('/etc/hosts');
  });

  it('takes a missing or empty path as the working directory', () => {
    expect(resolvePath('/work/p', undefined)).toBe('/work/p');
    expect(resolvePath('/work/p', '')).toBe('/work/p');
    expect(resolvePath('/work/p', '.')).toBe('/work/p');
  });

  it('does not expand ~ (a tool argument is not a shell word)', () => {
    expect(resolvePath('/work/p', '~/x')).toBe(path.join('/work/p', '~', 'x'));
  });
});

describe('displayPath', () => {
  it('shows a path under the working directory relative to it', () => {
    expect(displayPath('/work/p', '/work/p/src/a.ts')).toBe('src/a.ts');
    expect(displayPath('/work/p', '/work/p')).toBe('.');
  });

  it('shows a path outside it as absolute', () => {
    expect(displayPath('/work/p', '/work/other/a.ts')).toBe('/work/other/a.ts');
    expect(displayPath('/work/p', '/work')).toBe('/work');
    expect(displayPath('/work/p', '/work/p2/a')).toBe('/work/p2/a');
  });

  it('keeps a name that merely starts with two dots', () => {
    expect(displayPath('/work/p', '/work/p/..hidden')).toBe('..hidden');
  });
});
