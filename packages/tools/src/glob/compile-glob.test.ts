import { describe, expect, it } from 'vitest';
import { ToolError } from '@lug/core';
import { compileGlob, compileGlobArgument, GlobError } from './compile-glob.js';

const matches = (glob: string, p: string) => compileGlob(glob).test(p);

describe('compileGlob', () => {
  it('matches a glob without a slash against the file name at any depth', () => {
    expect(matches('*.rs', 'main.rs')).toBe(true);
    expect(matches('*.rs', 'src/deep/main.rs')).toBe(true);
    expect(matches('*.rs', 'main.rs.bak')).toBe(false);
    expect(matches('main.rs', 'src/main.rs')).toBe(true);
    expect(compileGlob('*.rs').anchored).toBe(false);
  });

  it('matches a glob with a slash against the whole path under the root', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/x/a.ts')).toBe(false);
    expect(matches('src/*.ts', 'lib/src/a.ts')).toBe(false);
    expect(matches('/src/*.ts', 'src/a.ts')).toBe(true);
    expect(compileGlob('src/*.ts').anchored).toBe(true);
  });

  it('reads ** as any number of directories when it is a whole component', () => {
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/x/y/a.ts')).toBe(true);
    expect(matches('**/a.ts', 'a.ts')).toBe(true);
    expect(matches('**/a.ts', 'x/y/a.ts')).toBe(true);
    expect(matches('src/**', 'src/x/y')).toBe(true);
    expect(matches('src/**', 'lib/x')).toBe(false);
    expect(matches('a/**/b', 'a/b')).toBe(true);
    expect(matches('a/**/b', 'a/x/y/b')).toBe(true);
    expect(matches('**', 'any/thing')).toBe(true);
  });

  it('reads ** inside a component as *', () => {
    expect(matches('a**b', 'axxb')).toBe(true);
    expect(matches('src/a**', 'src/x/a')).toBe(false);
  });

  it('never lets * or ? cross a slash', () => {
    expect(matches('src/*', 'src/a/b')).toBe(false);
    expect(matches('a?c', 'abc')).toBe(true);
    expect(matches('x/a?c', 'x/a/c')).toBe(false);
  });

  it('supports alternatives, nested ones too', () => {
    expect(matches('*.{ts,tsx}', 'a.tsx')).toBe(true);
    expect(matches('*.{ts,tsx}', 'a.js')).toBe(false);
    expect(matches('{src,lib}/*.ts', 'lib/a.ts')).toBe(true);
    expect(matches('*.{a,{b,c}}', 'x.c')).toBe(true);
  });

  it('supports classes, ranges and negated classes', () => {
    expect(matches('[abc].txt', 'b.txt')).toBe(true);
    expect(matches('[a-c].txt', 'd.txt')).toBe(false);
    expect(matches('[!a].txt', 'b.txt')).toBe(true);
    expect(matches('[^a].txt', 'a.txt')).toBe(false);
    expect(matches('[]].txt', '].txt')).toBe(true);
    expect(matches('[*].txt', '*.txt')).toBe(true);
    expect(matches('[*].txt', 'a.txt')).toBe(false);
    expect(matches('x/[!a]y', 'x//y')).toBe(false);
  });

  it('escapes with a backslash and treats regex characters literally', () => {
    expect(matches('\\*.txt', '*.txt')).toBe(true);
    expect(matches('\\*.txt', 'a.txt')).toBe(false);
    expect(matches('a+b(c).txt', 'a+b(c).txt')).toBe(true);
    expect(matches('a.txt', 'abtxt')).toBe(false);
  });

  it('matches hidden files with * (ripgrep globs have no dotfile rule)', () => {
    expect(matches('*', '.env')).toBe(true);
    expect(matches('src/*', 'src/.hidden')).toBe(true);
  });

  it('is case-sensitive and counts a character, not a UTF-16 unit, for ?', () => {
    expect(matches('*.LOG', 'a.log')).toBe(false);
    expect(matches('?.txt', '😀.txt')).toBe(true);
    expect(matches('ü*', 'ünïcode.txt')).toBe(true);
  });

  it('reads a trailing slash as every file under that directory', () => {
    expect(matches('src/', 'src/a/b.ts')).toBe(true);
    expect(matches('src/', 'lib/a.ts')).toBe(false);
  });

  it('gives the last component for the file-type prefilter', () => {
    expect(compileGlob('*.rs').fileNameGlob).toBe('*.rs');
    expect(compileGlob('src/**/*.ts').fileNameGlob).toBe('*.ts');
    expect(compileGlob('src/**').fileNameGlob).toBeUndefined();
    expect(compileGlob('src/{a/b,c}.ts').fileNameGlob).toBeUndefined();
  });

  it('rejects a broken glob with a message that says how to write it', () => {
    expect(() => compileGlob('[abc')).toThrow(GlobError);
    expect(() => compileGlob('[abc')).toThrow(/"\[" has no closing "\]"/);
    expect(() => compileGlob('{a,b')).toThrow(/"\{" has no closing "\}"/);
    expect(() => compileGlob('a\\')).toThrow(/lone backslash/);
    expect(() => compileGlob('')).toThrow(/empty/);
  });

  it('is a ToolError, so a tool passes its message to the model as is', () => {
    expect(() => compileGlob('[abc')).toThrow(ToolError);
  });

  it('takes the glob argument of grep and ls: absent or empty filters nothing', () => {
    expect(compileGlobArgument(undefined)).toBeUndefined();
    expect(compileGlobArgument('')).toBeUndefined();
    expect(compileGlobArgument('*.rs')!.test('src/a.rs')).toBe(true);
    expect(() => compileGlobArgument('{a,b')).toThrow(GlobError);
  });

  it('refuses a glob argument that could only match nothing, saying what to pass instead', () => {
    expect(() => compileGlobArgument('a\0b')).toThrow('invalid glob "a\\u0000b": it holds a NUL byte, which no path can hold.');
    expect(() => compileGlobArgument('../*.ts')).toThrow('invalid glob "../*.ts": it has a ".." component, and a glob matches paths under path: pass the directory as path (e.g. path "../lib", glob "*.ts").');
    expect(() => compileGlobArgument('src/../x')).toThrow(/a "\.\." component/);
    expect(() => compileGlobArgument('!*.txt')).toThrow('invalid glob "!*.txt": a leading "!" is not a negation here');
    // Escaped, a "!" is a name's first character; ".." inside a name is no component.
    expect(compileGlobArgument('\\!x.txt')!.test('!x.txt')).toBe(true);
    expect(compileGlobArgument('a..b/*')!.test('a..b/c')).toBe(true);
  });
});

describe('literalDirectories', () => {
  const dirs = (glob: string) => compileGlob(glob).literalDirectories;

  it('names the directories a path glob starts with, up to the first wildcard', () => {
    expect(dirs('test/built-ins/Array/**/*.js')).toEqual(['test', 'built-ins', 'Array']);
    expect(dirs('src/*.ts')).toEqual(['src']);
    expect(dirs('/src/a/*.ts')).toEqual(['src', 'a']);
    expect(dirs('src/')).toEqual(['src']);
    expect(dirs('src/main.rs')).toEqual(['src']);
    expect(dirs('a/b*/c/*.ts')).toEqual(['a']);
  });

  it('unescapes a literal wildcard character', () => {
    expect(dirs('we\\*ird/x/*.ts')).toEqual(['we*ird', 'x']);
  });

  it('is empty for a glob without a slash, one that starts with a wildcard, or one through . or ..', () => {
    expect(dirs('*.rs')).toEqual([]);
    expect(dirs('**/a/*.rs')).toEqual([]);
    expect(dirs('{src,lib}/*.rs')).toEqual([]);
    expect(dirs('[s]rc/*.rs')).toEqual([]);
    expect(dirs('./src/*.rs')).toEqual([]);
    expect(dirs('src/../x/*.rs')).toEqual(['src']);
  });
});

describe('compiled glob arguments are kept', () => {
  it('hands back the same frozen matcher for the same glob, and compiles a different glob anew', () => {
    const first = compileGlobArgument('kept/**/*.ts')!;
    expect(compileGlobArgument('kept/**/*.ts')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.literalDirectories)).toBe(true);
    expect(compileGlobArgument('kept/**/*.js')).not.toBe(first);
    expect(compileGlobArgument('kept/**/*.js')!.test('kept/a/b.js')).toBe(true);
  });

  it('throws for an invalid glob every time (an error is not kept)', () => {
    expect(() => compileGlobArgument('kept/{a')).toThrow(GlobError);
    expect(() => compileGlobArgument('kept/{a')).toThrow(GlobError);
  });

  it('keeps a bounded number: the oldest goes first, and comes back compiled again, equal', () => {
    const oldest = compileGlobArgument('bounded-0/*.rs')!;
    for (let i = 1; i <= 200; i++) compileGlobArgument(`bounded-${i}/*.rs`);
    const again = compileGlobArgument('bounded-0/*.rs')!;
    expect(again).not.toBe(oldest);
    expect(again.test('bounded-0/x.rs')).toBe(true);
    expect(again.literalDirectories).toEqual(oldest.literalDirectories);
  });
});
