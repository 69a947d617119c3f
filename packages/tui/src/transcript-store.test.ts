import { describe, expect, it, vi } from 'vitest';
import { EventBus, ProviderError, streamWithRetries, type CallInfo, type ProviderEvent } from '@lug/core';

import { summarize } from './call-views.js';
import type { MarkdownRenderer } from './markdown.js';
import { recording, Replay, type RecordingName } from './test-support/recorded.js';
import { REPLAYED_MESSAGES } from './transcript-replay.js';
import { TranscriptStore } from './transcript-store.js';

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

function setup(opts: { frameMs?: number; md?: ReturnType<typeof markdown> } = {}) {
  const events = new EventBus();
  const store = new TranscriptStore({ markdown: opts.md ?? markdown(), frameMs: opts.frameMs ?? 0 });
  store.attach(events);
  return { events, store, snap: () => store.getSnapshot() };
}

/** A store following a recorded turn, played a piece at a time. */
function replaying(name: RecordingName) {
  const t = setup();
  return { ...t, play: new Replay(t.events, name) };
}

const callStates = (items: readonly { kind: string; call?: { id: string; state: string } }[]) =>
  items.map((i) => (i.kind === 'call' ? `${i.call!.id}:${i.call!.state}` : i.kind));

describe('TranscriptStore', () => {
  it('commits the prompt and finished Markdown blocks, keeping the unfinished one as the tail', () => {
    const { play, snap } = replaying('streamed-answer');
    play.through('text_delta');
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown']);
    expect(snap().tail).toBe('Second bl');
    play.rest();
    expect(snap().committed.at(-1)).toMatchObject({ kind: 'markdown', text: 'Second block.' });
    expect(snap().tail).toBe('');
    expect(snap().running).toBe(false);
  });

  it('keeps a tool call live until it finishes, and everything after it behind it', () => {
    const { play, snap } = replaying('write-waits-read-runs');
    play.through((e) => e.type === 'tool_result' && e.call.id === 'b');
    expect(callStates(snap().live)).toEqual(['a:waiting', 'b:done']);
    play.through((e) => e.type === 'tool_result' && e.call.id === 'a');
    expect(snap().live).toEqual([]);
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'call', 'call']);
  });

  it('follows a call through asking, allowed, running and done', () => {
    const { play, snap } = replaying('bash-asked-and-allowed');
    const state = () => {
      const item = [...snap().live, ...snap().committed].find((i) => i.kind === 'call');
      return item?.kind === 'call' ? item.call : undefined;
    };
    play.through('approval_request');
    expect(state()).toMatchObject({ state: 'asking', reason: 'bash asks by default' });
    play.through('approval_decision');
    expect(state()?.state).toBe('waiting');
    play.through('tool_start');
    expect(state()?.state).toBe('running');
    play.through('tool_progress');
    expect(state()?.progress).toBe('PASS b');
    play.through('tool_result');
    // A command that exits 1 is a result like any other (the scheduler never calls it failed): its summary says how it exited.
    expect(state()).toMatchObject({ state: 'done', summary: 'exit 1 · 2 lines' });
  });

  it('shows a call that failed with its error, and keeps a denial as denied when its result arrives', () => {
    const { play, snap } = replaying('read-fails-write-denied');
    play.rest();
    const calls = snap().committed.filter((i) => i.kind === 'call');
    expect(calls[0]).toMatchObject({ call: { tool: 'read', state: 'failed', summary: 'missing.txt (/project/missing.txt) does not exist; list its directory with ls to find the right name.' } });
    expect(calls[1]).toMatchObject({ kind: 'call', call: { state: 'denied', reason: 'no writes here' } });
  });

  it('marks a call cancelled when its turn is cancelled, and says the turn was cancelled', () => {
    const { play, snap } = replaying('cancelled-while-running');
    play.rest();
    expect(snap().committed.slice(1).map((i) => (i.kind === 'call' ? i.call.state : i.kind === 'notice' ? i.text : i.kind))).toEqual(['cancelled', 'cancelled by the user']);
  });

  it('does not keep result text in committed items, but can still expand the recent ones', () => {
    const { play, store, snap } = replaying('bash-in-auto-mode');
    play.through('tool_result');
    const committed = snap().committed.find((i) => i.kind === 'call')!;
    expect(committed.kind === 'call' && committed.call.result).toBeUndefined();
    expect(store.expand(1)).toBe(true);
    expect(snap().committed.at(-1)).toMatchObject({ kind: 'result', call: { result: 'exit status 0\nstdout:\nok\nall passed' } });
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
    // The store asks for the renderer once the turn's request is out (two turns of the event loop), then commits.
    await vi.waitFor(() => expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown']));
  });

  it("loads the renderer for a turn's answer once its request has gone out, two turns of the event loop after turn_start, not in its turn", async () => {
    const md = markdown(false);
    const load = vi.spyOn(md, 'load');
    const { events, snap } = setup({ md });
    events.emit('turn_start', { prompt: 'p' });
    await new Promise((r) => setImmediate(r));
    expect(load).not.toHaveBeenCalled();
    await new Promise((r) => setImmediate(r));
    expect(load).toHaveBeenCalledTimes(1);
    events.emit('text_delta', { text: 'block\n\nnext' });
    await vi.waitFor(() => expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown']));
  });

  it('publishes nothing more for a turn once the renderer is loaded: no second draw waits for it', async () => {
    const md = markdown(true);
    const load = vi.spyOn(md, 'load');
    const { events, store } = setup({ md });
    let published = 0;
    store.subscribe(() => published++);
    events.emit('turn_start', { prompt: 'p' });
    expect(published).toBe(1);
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 5));
    expect(published).toBe(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('draws again what waited for the renderer when someone else loaded it between the turn and its put-off load', async () => {
    const md = markdown(false);
    const { events, snap } = setup({ md });
    events.emit('turn_start', { prompt: 'p' });
    events.emit('text_delta', { text: 'block\n\nnext' });
    // The warm-up's load, done before the store's (two turns of the event loop after turn_start).
    md.loaded = true;
    await vi.waitFor(() => expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown']));
  });

  it('commits a light Markdown notice (drawn without the renderer) at once, and holds back one that needs the renderer', () => {
    const md = markdown(false);
    const { store, snap } = setup({ md });
    store.notice('Earlier conversations here:\n\n- `a` a prompt\n- `b` another', 'info', true);
    expect(snap().committed.map((i) => i.kind)).toEqual(['notice']);
    expect(md.loaded).toBe(false);
    store.notice('| a | table |\n|---|---|\n| needs | marked |', 'info', true);
    expect(snap().committed).toHaveLength(1);
    expect(snap().live.map((i) => i.kind)).toEqual(['notice']);
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

  it('replays a stored conversation as finished items, with the summaries its results\' details give', () => {
    const { store, snap } = setup();
    store.replay(recording('read-then-answer').messages);
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'markdown', 'call', 'markdown']);
    expect(snap().committed[2]).toMatchObject({ call: { tool: 'read', title: 'a.txt', state: 'done', summary: '1 line' } });
  });

  it('leaves out stored details that are not well-formed, summarising the text instead', () => {
    const { store, snap } = setup();
    const messages = recording('read-then-answer').messages.map((m) =>
      m.role === 'tool' ? { ...m, results: m.results.map((r) => ({ ...r, details: { kind: 'file_read', linesShown: 'all' } as never })) } : m,
    );
    store.replay(messages);
    expect(snap().committed[2]).toMatchObject({ call: { state: 'done', summary: '1 line' } });
    expect(snap().committed[2]).not.toHaveProperty('call.details');
  });

  it('shows a resumed conversation\'s denied and cancelled calls as denied and cancelled, not failed', () => {
    const { store, snap } = setup();
    const messages = recording('read-then-answer').messages.map((m) =>
      m.role === 'tool' ? { ...m, results: m.results.map((r) => ({ ...r, isError: true, content: 'denied: denied by the user' })) } : m,
    );
    store.replay(messages);
    expect(snap().committed[2]).toMatchObject({ call: { state: 'denied', summary: 'denied: denied by the user' } });
    const cancelled = recording('read-then-answer').messages.map((m) =>
      m.role === 'tool' ? { ...m, results: m.results.map((r) => ({ ...r, isError: true, content: 'cancelled by the user' })) } : m,
    );
    store.replay(cancelled);
    expect(snap().committed.at(-2)).toMatchObject({ call: { state: 'cancelled' } });
  });

  it('gives a resumed call the title its tool describes, through the describer it is given', () => {
    const events = new EventBus();
    const store = new TranscriptStore({ markdown: markdown(), frameMs: 0, describe: (tool, args) => ({ title: `${tool}:${String(args.path)}`, kind: 'read', paths: [] }) });
    store.attach(events);
    store.replay(recording('read-then-answer').messages);
    expect(store.getSnapshot().committed[2]).toMatchObject({ call: { title: 'read:a.txt' } });
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
    const { play, snap } = replaying('write-waits-read-runs');
    play.through('tool_call', 2);
    expect(snap().live.map((i) => i.gap)).toEqual([true, false]);
  });

  it('keeps reasoning live while it streams and commits it, folded and without its text, when the answer starts', () => {
    const { events, snap } = setup();
    events.emit('turn_start', { prompt: 'q' });
    events.emit('reasoning_delta', { text: 'one\n' });
    events.emit('reasoning_delta', { text: 'two' });
    expect(snap().live).toMatchObject([{ kind: 'reasoning', text: 'one\ntwo', streaming: true }]);
    events.emit('text_delta', { text: 'Answer.\n\nMore' });
    expect(snap().live).toEqual([]);
    expect(snap().committed.map((i) => i.kind)).toEqual(['user', 'reasoning', 'markdown']);
    expect(snap().committed[1]).toMatchObject({ kind: 'reasoning', lines: 2, text: '', streaming: false, expanded: false });
  });

  it("shows a message's kept reasoning when none streamed, and never reasoning with no text (redacted)", () => {
    const { events, snap } = setup();
    events.emit('turn_start', { prompt: 'q' });
    const content = [
      { type: 'reasoning' as const, text: '', source: 'anthropic', redacted: 'opaque' },
      { type: 'reasoning' as const, text: 'kept', source: 'anthropic', signature: 's' },
      { type: 'text' as const, text: 'A.' },
    ];
    events.emit('assistant_message', { message: { role: 'assistant', content } });
    expect(snap().committed.filter((i) => i.kind === 'reasoning')).toMatchObject([{ lines: 1 }]);
  });

  it('counts the cost the usage event carries, and none when it has none', () => {
    const { events, snap } = setup();
    const u = { inputTokens: 1, outputTokens: 1 };
    events.emit('usage', { usage: u, total: u, cost: 0.5, requestCost: 0.5 });
    expect(snap().cost).toBe(0.5);
    events.emit('usage', { usage: u, total: u });
    expect(snap().cost).toBeUndefined();
  });

  it('follows the context in use when its whole percent stays the same (a 1M window), for the status line', () => {
    const { events, snap } = setup();
    const context = (used: number) => ({ used, window: 1_000_000, fraction: used / 1_000_000, estimated: false, source: 'table' as const });
    events.emit('context', context(1_300));
    events.emit('context', context(4_400));
    expect(snap().context?.used).toBe(4_400);
    events.emit('context', context(1_900));
    expect(snap().context?.used).toBe(1_900);
  });
});

describe('summarize', () => {
  it('counts lines of a result without details and quotes the first line of a failure', () => {
    expect(summarize('a\nb\n', 'done')).toBe('2 lines');
    expect(summarize('', 'done')).toBe('no output');
    expect(summarize('boom\nstack', 'failed')).toBe('boom');
  });

  it('reads a result\'s details, never its text (a real bash run is summarised in packages/cli)', () => {
    const details = { kind: 'command', exitCode: 0, signal: null, timedOut: false, cancelled: false, stdoutLines: 1, stderrLines: 0 } as const;
    expect(summarize('whatever the tool printed', 'done', details)).toBe('exit 0 · 1 line');
  });
});

describe('replaying a long conversation', () => {
  it('draws only its last messages, from a prompt on, and says how many are left out', async () => {
    const store = new TranscriptStore({ markdown: markdown(), frameMs: 0 });
    const messages = Array.from({ length: 1_000 }, (_, i) => (i % 2 ? { role: 'assistant' as const, content: [{ type: 'text' as const, text: `answer ${i}` }] } : { role: 'user' as const, content: `prompt ${i}` }));
    store.replay(messages);
    const items = [...store.getSnapshot().committed, ...store.getSnapshot().live];
    expect(items[0]).toMatchObject({ kind: 'notice', text: expect.stringContaining('800 earlier messages are not shown') });
    expect(items.filter((i) => i.kind === 'user')).toHaveLength(REPLAYED_MESSAGES / 2);
  });
});
