import { describe, expect, it } from 'vitest';
import { directoryMatcher, parseGitignore, rebaseGitignore } from './gitignore-rules.js';

describe('parseGitignore', () => {
  it('reads comments, whitelists, anchors and directory-only rules as ripgrep does', () => {
    expect(parseGitignore('# c\n\n*.log\n!keep.log\n/root.txt\nbuild/\nsrc/a/b/\n\\!bang\n\\#hash\ntrail   \nesc\\ \n')).toEqual([
      { whitelist: false, anchored: false, directoryOnly: false, glob: '*.log' },
      { whitelist: true, anchored: false, directoryOnly: false, glob: 'keep.log' },
      { whitelist: false, anchored: true, directoryOnly: false, glob: 'root.txt' },
      { whitelist: false, anchored: false, directoryOnly: true, glob: 'build' },
      { whitelist: false, anchored: true, directoryOnly: true, glob: 'src/a/b' },
      { whitelist: false, anchored: false, directoryOnly: false, glob: '!bang' },
      { whitelist: false, anchored: false, directoryOnly: false, glob: '#hash' },
      { whitelist: false, anchored: false, directoryOnly: false, glob: 'trail' },
      { whitelist: false, anchored: false, directoryOnly: false, glob: 'esc\\ ' },
    ]);
  });

  it('reads CRLF lines', () => {
    expect(parseGitignore('a\r\n/b\r\n').map((r) => r.glob)).toEqual(['a', 'b']);
  });
});

describe('rebaseGitignore', () => {
  const rules = parseGitignore('*.tmp\n!keep.tmp\n/only-here\ndeep/er/\n**/any\n');

  it('leaves the rules of the base directory as they are', () => {
    expect(rebaseGitignore(rules, '')).toEqual(['*.tmp', '!keep.tmp', '/only-here', '/deep/er/', '/**/any']);
  });

  it('anchors the rules of a deeper directory under it, with glob characters of its name escaped', () => {
    expect(rebaseGitignore(rules, 'a/b')).toEqual(['/a/b/**/*.tmp', '!/a/b/**/keep.tmp', '/a/b/only-here', '/a/b/deep/er/', '/a/b/**/any']);
    expect(rebaseGitignore(parseGitignore('x\n'), 'we*rd [1]')).toEqual(['/we\\*rd \\[1\\]/**/x']);
  });
});

describe('directoryMatcher', () => {
  const matches = (line: string, dir: string) => directoryMatcher(parseGitignore(line)[0]!)!.test(dir);

  it('matches an unanchored rule at any depth and an anchored one from its directory', () => {
    expect(matches('build/', 'build')).toBe(true);
    expect(matches('build/', 'src/build')).toBe(true);
    expect(matches('/build', 'src/build')).toBe(false);
    expect(matches('src/a/b/', 'src/a/b')).toBe(true);
    expect(matches('src/a/b/', 'src/a')).toBe(false);
  });

  it('matches what is inside dir/**, not dir itself', () => {
    expect(matches('out/**', 'out')).toBe(false);
    expect(matches('out/**', 'out/x')).toBe(true);
  });

  it('is undefined for a rule our matcher cannot read', () => {
    expect(directoryMatcher(parseGitignore('[oops\n')[0]!)).toBeUndefined();
  });
});
