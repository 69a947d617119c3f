/**
 * The sessions folder holding what lug never writes there: a named pipe, a
 * directory named like a session, a state value nested thousands deep, and
 * session ids that name paths out of the folder. Each is real (mkfifo, a
 * real directory, a real file); none may hang, crash the start, or touch a
 * file outside the folder.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionDamagedError, SessionNotFoundError, SessionStore } from './session-store.js';

const header = (id: string) => JSON.stringify({ type: 'session', id, cwd: '/p', created: '2025-01-01T00:00:00.000Z', version: 1 });
const prompt = (content: string) => JSON.stringify({ type: 'message', message: { role: 'user', content } });

/** A store whose folder holds one whole session, "good", last written an hour ago. */
function storeWithGoodSession(): { s: SessionStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lug-hostile-'));
  const sessions = join(dir, 'sessions');
  mkdirSync(sessions);
  const s = new SessionStore(sessions);
  writeFileSync(s.pathOf('good'), `${header('good')}\n${prompt('hello')}\n`);
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(s.pathOf('good'), hourAgo, hourAgo);
  return { s, dir };
}

let watchdog: ChildProcess | undefined;
afterEach(() => {
  if (watchdog?.pid) {
    try {
      process.kill(-watchdog.pid, 'SIGKILL');
    } catch {}
  }
  watchdog = undefined;
});

/**
 * A reader that opens the pipe blocks the whole thread until a writer opens
 * it, so the test cannot race it against a timer in-process. This shell opens
 * it for writing after 20 s (generous: the fixed store never waits), having
 * first left a mark: a store that waited for a writer returns only after the
 * mark exists, one that did not returns long before it.
 */
function pipeWatchdog(fifo: string, mark: string): void {
  watchdog = spawn('sh', ['-c', 'sleep 20; while :; do : > "$2"; : > "$1"; done', 'sh', fifo, mark], { detached: true, stdio: 'ignore' });
}

describe('the sessions folder with things lug never writes in it', () => {
  it('passes over a named pipe when listing, continuing and resuming, without waiting for a writer', () => {
    const { s, dir } = storeWithGoodSession();
    const fifo = s.pathOf('pipe');
    execFileSync('mkfifo', [fifo]);
    const mark = join(dir, 'a writer opened the pipe');
    pipeWatchdog(fifo, mark);
    expect(s.list().map((x) => x.id)).toEqual(['good']);
    expect(s.latest('/p')).toBe('good');
    expect(() => s.load('pipe')).toThrow(SessionDamagedError);
    expect(() => s.load('pipe')).toThrow(`${fifo} cannot be continued: it cannot be read (is a named pipe, not a file)`);
    expect(() => s.outline('pipe')).toThrow(SessionDamagedError);
    expect(existsSync(mark)).toBe(false);
  });

  it('passes over a directory named like a session for --continue, and says what it is when asked for by name', () => {
    const { s } = storeWithGoodSession();
    // Newer than the good session: --continue took it and failed on EISDIR.
    mkdirSync(s.pathOf('adir'));
    expect(s.latest('/p')).toBe('good');
    expect(s.list().map((x) => x.id)).toEqual(['good']);
    expect(() => s.load('adir')).toThrow(`${s.pathOf('adir')} cannot be continued: it cannot be read (is a directory, not a file)`);
    expect(() => s.load('adir')).toThrow(SessionDamagedError);
  });
});

describe('a state record nested too deeply to check', () => {
  it('is skipped with its line named, and the rest of the conversation is loaded and listed', () => {
    const { s } = storeWithGoodSession();
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const path = s.pathOf('deep');
    writeFileSync(path, [header('deep'), prompt('first'), `{"type":"state","key":"k","value":${deep}}`, prompt('second')].join('\n') + '\n');
    const loaded = s.load('deep');
    expect(loaded.messages.map((m) => m.role === 'user' && m.content)).toEqual(['first', 'second']);
    expect(loaded.state).toEqual([]);
    expect(loaded.notice).toBe(`session ${path}: skipped a line that is not a valid record: line 3 (nested too deeply to check). The rest of the conversation is loaded.`);
    expect(s.outline('deep').prompt).toBe('first');
  });
});

describe('a session id that names a path', () => {
  it('is refused for reading and writing, and nothing outside the folder is touched', () => {
    const { s, dir } = storeWithGoodSession();
    writeFileSync(join(dir, 'outside.jsonl'), `${header('outside')}\n${prompt('secret')}\n`);
    const before = readdirSync(dir).sort();
    for (const id of ['../outside', '../escape', `/${dir}/outside`, 'good\0', 'a/b']) {
      expect(() => s.load(id)).toThrow(SessionNotFoundError);
      expect(() => s.create(id, '/p')).toThrow(/is not a session id/);
      expect(() => s.append(id, { type: 'message', message: { role: 'user', content: 'x' } })).toThrow(/is not a session id/);
    }
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readdirSync(join(dir, 'sessions'))).toEqual(['good.jsonl']);
  });
});
