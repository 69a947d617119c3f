import { describe, expect, it } from 'vitest';
import type { ProcessResult } from '@lug/tools';
import { formatBashResult, shareBudget, statusLine } from './format-result.js';

const result = (over: Partial<ProcessResult>): ProcessResult => ({
  pid: 1,
  code: 0,
  signal: null,
  stdout: '',
  stderr: '',
  killed: false,
  timedOut: false,
  cancelled: false,
  durationMs: 10,
  killedAfterMs: null,
  stdoutCutBytes: 0,
  stderrCutBytes: 0,
  ...over,
});

describe('statusLine', () => {
  it('gives the exit status, or the signal, or how lug killed it and when', () => {
    expect(statusLine(result({ code: 2 }), 120)).toBe('exit status 2');
    expect(statusLine(result({ code: null, signal: 'SIGSEGV' }), 120)).toBe('killed by signal SIGSEGV');
    expect(statusLine(result({ timedOut: true, killed: true, killedAfterMs: 5004, durationMs: 7100, signal: 'SIGTERM' }), 5)).toBe(
      'killed after 5.0 s: the command did not finish within timeout_secs (5 s), so its whole process group was killed (SIGTERM, then SIGKILL)',
    );
    expect(statusLine(result({ cancelled: true, killed: true, killedAfterMs: 2345 }), 120)).toBe(
      'killed after 2.3 s: cancelled by the user; its whole process group was killed',
    );
  });
});

describe('shareBudget', () => {
  it('gives each stream what it needs when both fit', () => {
    expect(shareBudget(10, 20, 100)).toEqual([10, 20]);
  });
  it('gives the rest to the flooding stream when the other is small', () => {
    expect(shareBudget(1000, 20, 100)).toEqual([80, 20]);
    expect(shareBudget(20, 1000, 100)).toEqual([20, 80]);
  });
  it('halves it when both flood', () => {
    expect(shareBudget(1000, 1000, 101)).toEqual([50, 51]);
  });
});

describe('formatBashResult', () => {
  it('stays within the byte budget, counting the runner’s cut and its own', () => {
    const out = formatBashResult(result({ stdout: 'x'.repeat(30_000), stdoutCutBytes: 5000, stderr: 'e'.repeat(30_000), stderrCutBytes: 7 }), 120, 30_000);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    const m = /\[output cut: the first ([\d,]+) bytes of stdout and ([\d,]+) bytes of stderr/.exec(out)!;
    const shownOut = out.match(/stdout:\n(x*)/)![1]!.length;
    const shownErr = out.match(/stderr:\n(e*)/)![1]!.length;
    expect(Number(m[1]!.replace(/,/g, ''))).toBe(35_000 - shownOut);
    expect(Number(m[2]!.replace(/,/g, ''))).toBe(30_007 - shownErr);
  });
});
