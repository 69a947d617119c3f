import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from './messages.js';
import { SessionDamagedError, SessionStore } from './session-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function store(): SessionStore {
  const dir = mkdtempSync(join(tmpdir(), 'lug-outline-'));
  dirs.push(dir);
  return new SessionStore(dir);
}

const MiB = 2 ** 20;
const user = (content: string): Message => ({ role: 'user', content });
const said = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const calls = (id: string): Message => ({ role: 'assistant', content: [{ type: 'tool_call', id, name: 'bash', argsText: '{"command":"cat big.log"}' }] });
const result = (id: string, content: string): Message => ({ role: 'tool', results: [{ type: 'tool_result', callId: id, name: 'bash', content, isError: false }] });

/** A turn that reads a big file: prompt, call, a result of `bytes`, answer. */
function bigTurn(s: SessionStore, prompt: string, n: number, bytes: number): void {
  for (const message of [user(prompt), calls(`c${n}`), result(`c${n}`, `"line ${n}"\n`.repeat(bytes / 10)), said(`read it: "type":"tool_call" is text here`)]) s.append('s1', { type: 'message', message });
}

describe("a session's outline (what :resume lists)", () => {
  it('gives the first prompt and every branch of a big file as load() does, through rewinds and a switch', () => {
    const s = store();
    s.create('s1', '/p');
    bigTurn(s, 'first prompt', 1, 12 * MiB);
    s.append('s1', { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } });
    bigTurn(s, 'second prompt', 2, 12 * MiB);
    s.append('s1', { type: 'compaction', compaction: { summary: 'so far', keptFrom: 4, reason: 'command', userPrompts: ['first prompt'], pinned: [], by: 'model', tokensBefore: 9, tokensAfter: 3, created: '2026-12-01T00:00:00.000Z' }, kept: 4 });
    s.append('s1', { type: 'rewind', to: 4, turn: 2, branch: 1, created: '2026-12-01T00:00:00.000Z' });
    bigTurn(s, 'third prompt', 3, 12 * MiB);
    s.append('s1', { type: 'switch', branch: 1 });
    s.append('s1', { type: 'rewind', to: 0, turn: 1, branch: 2, created: '2026-12-01T00:00:01.000Z' });
    // Written by hand, keys in another order: parsed whole. Then a line cut by a kill: left out.
    appendFileSync(s.pathOf('s1'), '{"message":{"content":"a prompt by hand","role":"user"},"type":"message"}\n{"type":"message","message":{"role":"user","content":"cut sh');
    expect(statSync(s.pathOf('s1')).size).toBeGreaterThan(36 * MiB);

    const outline = s.outline('s1');
    expect(outline).toEqual({
      prompt: 'a prompt by hand',
      branches: [
        { n: 1, at: 4, messages: 8, prompt: 'third prompt' },
        { n: 2, at: 0, messages: 8, prompt: 'first prompt' },
      ],
    });
    const loaded = s.load('s1');
    // Every line but the cut one is a valid record: the two read the same file.
    expect(loaded.notice).toMatch(/skipped a line that is not a valid record: line 2\d \(not valid JSON/);
    expect(loaded.branches).toEqual(outline.branches);
    expect(loaded.messages[0]).toEqual(user(outline.prompt));
  });

  it('counts a call that never got its result as load() repairs it, so the branch after it starts where load() says', () => {
    const s = store();
    s.create('s1', '/p');
    for (const message of [user('one'), calls('lost'), user('two'), said('ok')]) s.append('s1', { type: 'message', message });
    s.append('s1', { type: 'rewind', to: 3, turn: 2, branch: 1, created: '2026-12-01T00:00:00.000Z' });
    expect(s.outline('s1').branches).toEqual(s.load('s1').branches);
    expect(s.outline('s1').branches).toEqual([{ n: 1, at: 3, messages: 5, prompt: 'two' }]);
  });

  it('is an empty prompt for a conversation with none, and refuses a file whose header is broken', () => {
    const s = store();
    s.create('s1', '/p');
    expect(s.outline('s1')).toEqual({ prompt: '', branches: [] });
    appendFileSync(s.pathOf('s2'), 'not a header\n');
    expect(() => s.outline('s2')).toThrow(SessionDamagedError);
  });
});
