import { describe, expect, it } from 'vitest';
import { mainArgument } from './call-summary.js';

describe('the main argument of a call', () => {
  it('is the command for bash, the pattern and where for grep, the path and glob for ls', () => {
    expect(mainArgument('bash', { command: 'ls -la' }, '')).toBe('ls -la');
    expect(mainArgument('grep', { pattern: 'TODO', path: 'src', glob: '*.ts' }, '')).toBe('TODO  src *.ts');
    expect(mainArgument('ls', { glob: '*.md' }, '')).toBe('. *.md');
  });

  it('is the path for file tools, else the first string, else the raw arguments', () => {
    expect(mainArgument('read', { path: 'a.txt', offset: 3 }, '')).toBe('a.txt');
    expect(mainArgument('today', { zone: 'UTC' }, '{"zone":"UTC"}')).toBe('UTC');
    expect(mainArgument('count', { n: 3 }, '{"n":3}')).toBe('{"n":3}');
    expect(mainArgument('now', {}, '{}')).toBe('');
    expect(mainArgument('read', undefined, '{"path": ')).toBe('{"path": ');
  });
});
