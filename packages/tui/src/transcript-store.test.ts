import { describe, expect, it, vi } from 'vitest';
import { EventBus, ProviderError, streamWithRetries, type CallInfo, type ProviderEvent } from '@lug/core';
import type { MarkdownRenderer } from './markdown.js';
import { summarize, TranscriptStore } from './transcript-store.js';

function markdown(ready = true): MarkdownRenderer & { loaded: boolean } {
  const md = {
    loaded: ready,
    ready: () => md.loaded,
    load: () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          md.loaded = true;
          resolve();
        }, 0),
      ),
    render: (text: string) => text,
  };
  return md;
}

const bash = (id: string, command = 'ls'): CallInfo => ({ id, tool: 'bash', args: { command }, argsText: JSON.stringify({ command }) });

function setup(opts: { frameMs?: number; md?: ReturnType<typeof markdown> } = {}) {
  const events = new EventBus();
  const store = new TranscriptStore({ markdown: opts.md ?? markdown(), frameMs: opts.frameMs ?? 0 });
  store.attach(events);
  return { events, store, snap: () => store.getSnapshot() };
}

describe('TranscriptStore', () => {
  it('commits the prompt and finished Markdown blocks, keeping the unfinished one as the tail', () => {
    const { events, snap } = setup();
    events.emit('turn_start', { prompt: 'hi' });
    events.emit('text_delta', { text: 'First block.\n\nSecond bl' });
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown']);
    expect(snap().tail).toBe('Second bl');
    events.emit('turn_end', { reason: 'done', text: '' });
    expect(snap().committed.at(-1)).toMatchObject({ kind: 'markdown', text: 'Second bl' });
    expect(snap().tail).toBe('');
    expect(snap().running).toBe(false);
  });

  it('keeps a tool call live until it finishes, and everything after it behind it', () => {
    const { events, snap } = setup();
    events.emit('turn_start', { prompt: 'go' });
    events.emit('tool_call', { call: bash('a') });
    events.emit('tool_call', { call: bash('b') });
    events.emit('tool_result', { call: bash('b'), content: 'x\n', isError: false, outcome: 'done', durationMs: 1 });
    expect(snap().live.map((i) => (i.kind === 'call' ? `${i.call.id}:${i.call.state}` : i.kind))).toEqual(['a:waiting', 'b:done']);
    events.emit('tool_result', { call: bash('a'), content: '', isError: false, outcome: 'done', durationMs: 1 });
    expect(snap().live).toEqual([]);
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'call', 'call']);
  });

  it('follows a call through asking, allowed, running and failed', () => {
    const { events, snap } = setup();
    const call = bash('c', 'npm test');
    const state = () => {
      const item = [...snap().live, ...snap().committed].find((i) => i.kind === 'call');
      return item?.kind === 'call' ? item.call : undefined;
    };
    events.emit('tool_call', { call });
    events.emit('approval_request', { call, reason: 'bash asks by default' });
    expect(state()).toMatchObject({ state: 'asking', reason: 'bash asks by default' });
    events.emit('approval_decision', { call, decision: 'allow', by: 'user' });
    expect(state()?.state).toBe('waiting');
    events.emit('tool_start', { call });
    expect(state()?.state).toBe('running');
    events.emit('tool_progress', { call, progress: { kind: 'output', text: 'PASS a\nPASS b\n' } });
    expect(state()?.progress).toBe('PASS b');
    events.emit('tool_result', { call, content: 'exit 1\n3 failed', isError: true, outcome: 'done', durationMs: 9 });
    expect(state()).toMatchObject({ state: 'failed', summary: 'exit 1' });
  });

  it('keeps a denial as denied when its result arrives', () => {
    const { events, snap } = setup();
    const call = bash('d');
    events.emit('tool_call', { call });
    events.emit('approval_decision', { call, decision: 'deny', by: 'rule', reason: 'not here' });
    events.emit('tool_result', { call, content: 'denied: not here', isError: true, outcome: 'denied', durationMs: 0 });
    expect(snap().committed[0]).toMatchObject({ kind: 'call', call: { state: 'denied', reason: 'not here' } });
  });

  it('marks unfinished calls cancelled when the turn ends, and says the turn was cancelled', () => {
    const { events, snap } = setup();
    events.emit('turn_start', { prompt: 'x' });
    events.emit('tool_call', { call: bash('e') });
    events.emit('turn_end', { reason: 'cancelled', text: '' });
    expect(snap().committed.slice(1).map((i) => (i.kind === 'call' ? i.call.state : i.kind === 'notice' ? i.text : i.kind))).toEqual(['cancelled', 'cancelled by the user']);
  });

  it('does not keep result text in committed items, but can still expand the recent ones', () => {
    const { events, store, snap } = setup();
    events.emit('tool_call', { call: bash('f') });
    events.emit('tool_result', { call: bash('f'), content: 'big output', isError: false, outcome: 'done', durationMs: 1 });
    const committed = snap().committed[0]!;
    expect(committed.kind === 'call' && committed.call.result).toBeUndefined();
    expect(store.expand(1)).toBe(true);
    expect(snap().committed.at(-1)).toMatchObject({ kind: 'result', call: { result: 'big output' } });
    expect(store.expand(2)).toBe(false);
  });

  it('holds Markdown out of the scrollback until the renderer has loaded', async () => {
    const md = markdown(false);
    const { events, snap } = setup({ md });
    events.emit('turn_start', { prompt: 'p' });
    events.emit('text_delta', { text: 'block\n\nnext' });
    expect(snap().committed.map((i) => i.kind)).toEqual(['user']);
    expect(snap().live.map((i) => i.kind)).toEqual(['markdown']);
    await md.load();
    await new Promise((r) => setTimeout(r, 0));
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown']);
  });

  it('coalesces text deltas into at most one update a frame', () => {
    vi.useFakeTimers();
    try {
      const { events, store } = setup({ frameMs: 33 });
      let updates = 0;
      store.subscribe(() => updates++);
      events.emit('turn_start', { prompt: 'p' });
      updates = 0;
      for (let i = 0; i < 100; i++) events.emit('text_delta', { text: 'word ' });
      expect(updates).toBe(0);
      vi.advanceTimersByTime(33);
      expect(updates).toBe(1);
      expect(store.getSnapshot().tail).toBe('word '.repeat(100));
    } finally {
      vi.useRealTimers();
    }
  });

  it('replays a stored conversation as finished items', () => {
    const { store, snap } = setup();
    store.replay([
      { role: 'user', content: 'old prompt' },
      { role: 'assistant', content: [{ type: 'text', text: 'old answer' }, { type: 'tool_call', id: 't1', name: 'read', argsText: '{"path":"a"}' }] },
      { role: 'tool', results: [{ type: 'tool_result', callId: 't1', name: 'read', content: '1\ta\n', isError: false }] },
    ]);
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown', 'call']);
    expect(snap().committed[2]).toMatchObject({ call: { tool: 'read', state: 'done', summary: '1 line' } });
  });

  it('says when the model\'s server failed and the request is tried again, numbering the attempt to come as the headless printer does', async () => {
    const { events, snap } = setup();
    // The event as core's retry loop makes it: the first request failed, so the next is attempt 2.
    let requests = 0;
    const open = async function* (): AsyncIterable<ProviderEvent> {
      if (++requests === 1) throw new ProviderError('529 overloaded', 'overloaded', 529, 1500);
      yield { type: 'stop', reason: 'end_turn' };
    };
    for await (const e of streamWithRetries(open, new AbortController().signal)) {
      if (e.type !== 'retry') continue;
      events.emit('retry', { attempt: e.attempt, delayMs: e.delayMs, error: e.error });
      break;
    }
    expect(snap().committed[0]).toMatchObject({ kind: 'notice', level: 'warn', text: "the model's server failed (529 overloaded); trying again in 2 s, attempt 2" });
  });

  it('adds a blank line before an item except between consecutive calls', () => {
    const { events, snap } = setup();
    events.emit('turn_start', { prompt: 'p' });
    events.emit('tool_call', { call: bash('g') });
    events.emit('tool_call', { call: bash('h') });
    expect(snap().live.map((i) => i.gap)).toEqual([true, false]);
  });
});

describe('summarize', () => {
  it('counts lines of a result and quotes the first line of a failure', () => {
    expect(summarize('a\nb\n', 'done')).toBe('2 lines');
    expect(summarize('', 'done')).toBe('no output');
    expect(summarize('exit status 0\nstdout:\nHello, world!', 'done')).toBe('exit 0 · 1 line');
    expect(summarize('exit status 0', 'done')).toBe('exit 0');
    expect(summarize('exit status 2\nstdout:\na\nb\nstderr:\noops', 'done')).toBe('exit 2 · 3 lines');
    expect(summarize('exit status 0\n(no output)', 'done')).toBe('exit 0');
    expect(summarize('boom\nstack', 'failed')).toBe('boom');
  });
});
