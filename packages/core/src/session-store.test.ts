import { appendFileSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Message } from './messages.js';
import { SessionDamagedError, SessionNotFoundError, SessionStore } from './session-store.js';

function store(): SessionStore {
  return new SessionStore(mkdtempSync(join(tmpdir(), 'lug-store-')));
}

const user = (content: string): Message => ({ role: 'user', content });
const header = (cwd = '/p', id = 's1') => JSON.stringify({ type: 'session', id, cwd, created: '2025-01-01T00:00:00.000Z', version: 1 });

/** A session file written by hand, line by line. */
function fileOf(s: SessionStore, id: string, lines: string[]): string {
  const path = s.pathOf(id);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

describe('the session store', () => {
  it('reads back what it wrote, with no notice', () => {
    const s = store();
    s.create('s1', '/p');
    s.append('s1', { type: 'message', message: user('hello') });
    s.append('s1', { type: 'usage', usage: { inputTokens: 3, outputTokens: 1 } });
    const loaded = s.load('s1');
    expect(loaded.messages).toEqual([user('hello')]);
    expect(loaded.usage).toEqual({ inputTokens: 3, outputTokens: 1 });
    expect(loaded.notice).toBeUndefined();
  });

  it('starts a new line when it appends after a cut last line, so the next record is not lost', () => {
    const s = store();
    s.create('s1', '/p');
    s.append('s1', { type: 'message', message: user('first') });
    const path = s.pathOf('s1');
    appendFileSync(path, JSON.stringify({ type: 'message', message: user('cut off') }).slice(0, 25));
    s.append('s1', { type: 'message', message: user('second') });
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(5);
    const loaded = s.load('s1');
    expect(loaded.messages).toEqual([user('first'), user('second')]);
    expect(loaded.notice).toBe(`session ${path}: skipped a line that is not a valid record: line 3 (not valid JSON (cut short, or not a record)). The rest of the conversation is loaded.`);
  });

  it('skips each line that is not a valid record, with one notice naming the file and the lines', () => {
    const s = store();
    const good = JSON.stringify({ type: 'message', message: user('kept') });
    const path = fileOf(s, 's1', [
      header(),
      'null',
      '42',
      '{"type":"message","message":{"role":"tool"}}',
      '{"type":"message","message":{"role":"system","content":"x"}}',
      good,
      '{"type":"message","message":{"role":"user","content":"x","images":[{"type":"image","mediaType":"image/bmp","data":""}]}}',
      '{"type":"usage","usage":{"inputTokens":-1,"outputTokens":0}}',
    ]);
    const loaded = s.load('s1');
    expect(loaded.messages).toEqual([user('kept')]);
    expect(loaded.notice).toBe(
      `session ${path}: skipped 6 lines that are not a valid record: line 2 (a record must be an object, got null), ` +
        'line 3 (a record must be an object, got the number 42), ' +
        'line 4 (a tool message must have results (a list of at least one tool result), got nothing), ' +
        'line 5 (a message\'s role must be "user", "assistant" or "tool", got the string "system"), ' +
        "line 7 (image 1: an image's mediaType must be one of image/png, image/jpeg, image/gif, image/webp, got the string \"image/bmp\") and 1 more. " +
        'The rest of the conversation is loaded.',
    );
  });

  it('reads records with fields it does not know (a newer lug’s additions)', () => {
    const s = store();
    const result = { type: 'tool_result', callId: 'c1', name: 'bash', content: 'ok', isError: false, details: { exitCode: 0 } };
    const call = { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'bash', argsText: '{}' }] };
    fileOf(s, 's1', [header(), JSON.stringify({ type: 'message', message: call }), JSON.stringify({ type: 'message', message: { role: 'tool', results: [result] } })]);
    const loaded = s.load('s1');
    expect(loaded.notice).toBeUndefined();
    expect(loaded.messages[1]).toEqual({ role: 'tool', results: [result] });
  });

  it('gives a call whose result was lost a "not run" result, and drops results that answer no call', () => {
    const s = store();
    const call = { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'read', argsText: '{}' }] };
    const orphan = { role: 'tool', results: [{ type: 'tool_result', callId: 'c0', name: 'read', content: 'x', isError: false }] };
    const path = fileOf(s, 's1', [header(), JSON.stringify({ type: 'message', message: orphan }), JSON.stringify({ type: 'message', message: call }), JSON.stringify({ type: 'message', message: user('next') })]);
    const loaded = s.load('s1');
    expect(loaded.messages).toEqual([
      call,
      { role: 'tool', results: [{ type: 'tool_result', callId: 'c1', name: 'read', content: 'not run: lug stopped before this call finished', isError: true }] },
      user('next'),
    ]);
    expect(loaded.notice).toBe(`session ${path}: dropped a tool message that answered no call. The rest of the conversation is loaded.`);
  });

  for (const [what, first, problem] of [
    ['cut', header().slice(0, 30), 'not valid JSON (cut short, or not a record)'],
    ['null', 'null', 'the header must be an object, got null'],
    ['of another version', header().replace('"version":1', '"version":2'), 'the header\'s version must be 1, got the number 2'],
    ['without a directory', '{"type":"session","id":"s1","created":"x","version":1}', "the header's cwd must be a non-empty string, got nothing"],
    ['empty', '', 'the first line is empty'],
  ] as const) {
    it(`says what is wrong with a header that is ${what}`, () => {
      const s = store();
      const path = fileOf(s, 's1', [first, JSON.stringify({ type: 'message', message: user('x') })]);
      expect(() => s.load('s1')).toThrow(SessionDamagedError);
      expect(() => s.load('s1')).toThrow(`${path} cannot be continued: its first line is not a lug session header (${problem}).`);
    });
  }

  it('says so when there is no such session', () => {
    expect(() => store().load('nope')).toThrow(SessionNotFoundError);
  });

  it('lists sessions of a directory newest first, leaving out files with a broken header', () => {
    const s = store();
    fileOf(s, 'old', [header('/p', 'old')]);
    fileOf(s, 'new', [header('/p', 'new')]);
    fileOf(s, 'other', [header('/q', 'other')]);
    fileOf(s, 'broken', ['null']);
    utimesSync(s.pathOf('old'), 1000, 1000);
    expect(s.list('/p').map((x) => x.id)).toEqual(['new', 'old']);
    expect(s.list().map((x) => x.id).sort()).toEqual(['new', 'old', 'other']);
  });

  it('continues the newest file of the directory, also one whose header is broken (loading it says what is wrong)', () => {
    const s = store();
    fileOf(s, 'good', [header('/p', 'good')]);
    utimesSync(s.pathOf('good'), 1000, 1000);
    fileOf(s, 'cut', [header('/p', 'cut').slice(0, 60)]);
    expect(s.latest('/p')).toBe('cut');
    expect(() => s.load('cut')).toThrow(SessionDamagedError);
  });

  it('does not continue a broken file whose header names another directory', () => {
    const s = store();
    fileOf(s, 'good', [header('/p', 'good')]);
    utimesSync(s.pathOf('good'), 1000, 1000);
    fileOf(s, 'elsewhere', ['{"type":"session","cwd":"/q","version":2}']);
    expect(statSync(s.pathOf('elsewhere')).mtimeMs).toBeGreaterThan(statSync(s.pathOf('good')).mtimeMs);
    expect(s.latest('/p')).toBe('good');
  });

  it('appends to a file whose last line is whole without an empty line between', () => {
    const s = store();
    s.create('s1', '/p');
    s.append('s1', { type: 'message', message: user('a') });
    s.append('s1', { type: 'message', message: user('b') });
    expect(readFileSync(s.pathOf('s1'), 'utf8').split('\n').filter((l) => l === '')).toHaveLength(1);
  });
});
