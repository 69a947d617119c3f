import { describe, expect, it } from 'vitest';
import { denialText, detailsSummary, failureSummary, resultSummary } from './call-summary.js';

const command = { kind: 'command', exitCode: 0, signal: null, timedOut: false, cancelled: false, stdoutLines: 0, stderrLines: 0 } as const;

describe('the one-line summary of a result', () => {
  it('counts the lines of a result that has no details', () => {
    expect(resultSummary('a\nb\n')).toBe('2 lines');
    expect(resultSummary('one')).toBe('1 line');
    expect(resultSummary('')).toBe('no output');
  });

  it('is a command\'s exit status and how many lines it printed', () => {
    expect(resultSummary('whatever the text says', { ...command, stdoutLines: 1 })).toBe('exit 0 · 1 line');
    expect(detailsSummary(command)).toBe('exit 0');
    expect(detailsSummary({ ...command, exitCode: 2, stdoutLines: 2, stderrLines: 1 })).toBe('exit 2 · 3 lines');
    expect(detailsSummary({ ...command, exitCode: null, signal: 'SIGKILL' })).toBe('killed by SIGKILL');
    expect(detailsSummary({ ...command, exitCode: null, signal: 'SIGTERM', timedOut: true })).toBe('timed out');
  });

  it('says what a file change, a read, a search and a listing came to', () => {
    expect(detailsSummary({ kind: 'file_change', path: 'a.ts', created: true, linesAdded: 3, linesRemoved: 0 })).toBe('created · 3 lines');
    expect(detailsSummary({ kind: 'file_change', path: 'a.ts', created: false, linesAdded: 2, linesRemoved: 1 })).toBe('+2 −1');
    expect(detailsSummary({ kind: 'file_read', path: 'a.ts', firstLine: 1, linesShown: 40, totalLines: 40 })).toBe('40 lines');
    expect(detailsSummary({ kind: 'file_read', path: 'a.ts', firstLine: 1, linesShown: 20, totalLines: 40 })).toBe('20 of 40 lines');
    expect(detailsSummary({ kind: 'search', matches: 1, files: 1, cut: false })).toBe('1 match in 1 file');
    expect(detailsSummary({ kind: 'search', matches: 0, files: 0, cut: false })).toBe('no matches');
    expect(detailsSummary({ kind: 'search', matches: 90, files: 7, cut: true })).toBe('90 matches+ in 7 files');
    expect(detailsSummary({ kind: 'listing', entries: 3, shown: 3 })).toBe('3 entries');
    expect(detailsSummary({ kind: 'listing', entries: 1, shown: 1 })).toBe('1 entry');
  });

  it('quotes the first line of a failure, cut at 200 characters', () => {
    expect(failureSummary('boom\nstack')).toBe('boom');
    expect(failureSummary(`${'x'.repeat(300)}\n`)).toBe(`${'x'.repeat(199)}…`);
  });
});

describe('denialText', () => {
  it('says denied once, whether it is given the reason or the result the model got', () => {
    expect(denialText('denied by the user')).toBe('denied by the user');
    expect(denialText('denied: denied by the user')).toBe('denied by the user');
    expect(denialText('denied: needs approval: run with --auto, or allow it with a rule')).toBe('denied: needs approval: run with --auto, or allow it with a rule');
    expect(denialText('no writes here')).toBe('denied: no writes here');
    expect(denialText(undefined)).toBe('denied');
  });
});
