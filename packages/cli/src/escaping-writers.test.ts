import { describe, expect, it } from 'vitest';
import { escapingWriters } from './headless-printer.js';

function collect(stdoutIsTerminal: boolean, json = false) {
  const written = { stdout: '', stderr: '' };
  const w = escapingWriters({ stdout: (t) => (written.stdout += t), stderr: (t) => (written.stderr += t) }, stdoutIsTerminal, json);
  return { w, written };
}

describe('escapingWriters', () => {
  it('escapes every stderr line, also when stdout is not a terminal', () => {
    const { w, written } = collect(false);
    w.stderr('lug: inno\x1b[2Jcent.txt\n');
    expect(written.stderr).toBe('lug: inno\\x1b[2Jcent.txt\n');
  });

  it('leaves stdout as written when it is not a terminal (a pipe or a file gets the model\'s bytes)', () => {
    const { w, written } = collect(false);
    w.stdout('a\x1b[2J');
    expect(written.stdout).toBe('a\x1b[2J');
  });

  it('on a terminal, escapes stdout and keeps a CRLF split between two chunks', () => {
    const { w, written } = collect(true);
    w.stdout('one\r');
    w.stdout('\ntwo\x07\r');
    w.stdout('x');
    w.flush();
    expect(written.stdout).toBe('one\r\ntwo\\x07\\rx');
  });

  it('on a terminal, shows a carriage return left at the end when flushed', () => {
    const { w, written } = collect(true);
    w.stdout('end\r');
    w.flush();
    expect(written.stdout).toBe('end\\r');
  });
});
