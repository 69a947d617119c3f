import { describe, expect, it } from 'vitest';
import { runKindOf } from './run-kind.js';

describe('runKindOf', () => {
  it('is the interface for a start in a terminal, whatever its flags', () => {
    expect(runKindOf([], true)).toBe('interface');
    expect(runKindOf(['-c'], true)).toBe('interface');
    expect(runKindOf(['--tutor'], true)).toBe('interface');
    expect(runKindOf(['-m', 'openai/gpt-5', '--approval', 'all'], true)).toBe('interface');
    expect(runKindOf(['--resume', 'abc'], true)).toBe('interface');
    // -mp is the model "p", as args.ts reads it, not -m with -p.
    expect(runKindOf(['-mp'], true)).toBe('interface');
    expect(runKindOf(['--no-such-flag'], true)).toBe('interface');
  });

  it('is headless for -p in each of its spellings, --acp, the subcommands and a piped standard input', () => {
    for (const argv of [['-p', 'hi'], ['-phi'], ['-cp', 'go on'], ['--print', 'hi'], ['--print=hi'], ['--auto', '-p', 'x'], ['-m', 'openai/gpt-5', '-p', 'x'], ['-p'], ['--acp'], ['rules', 'check', 'bash', 'ls'], ['rewind', '--list'], ['mcp', 'list']]) {
      expect(runKindOf(argv, true), argv.join(' ')).toBe('headless');
    }
    expect(runKindOf([], false)).toBe('headless');
  });
});
