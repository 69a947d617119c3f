/**
 * Subagents in the transcript, from a real core turn: two subagents started
 * by one call each, shown nested and collapsed under their calls (a line each
 * with its current step), expanded by Ctrl-O to their own calls, and none of
 * their calls or text ever shown as the parent conversation's.
 */
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { createHostWithApprovals } from '@lug/approvals';
import { EventBus, runSubagent, Session, type LugHost, type Tool } from '@lug/core';
import { scriptedProvider, text, toolCall, turn, type ProviderStep } from '@lug/testing';
import { plain } from './test-support/ink.js';
import { tempDir, waitFor } from './test-support/mount-app.js';
import { ToolLine } from './tool-line.js';
import { TranscriptStore } from './transcript-store.js';
import type { CallView } from './call-views.js';

afterEach(() => cleanup());

const markdown = { ready: () => true, load: async () => undefined, render: (t: string) => t };

const note: Tool<{ text: string }> = {
  name: 'note',
  description: 'Take a note.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  describe: (a) => ({ title: a.text, kind: 'other' }),
  handler: (a) => `noted ${a.text}`,
};

function taskTool(host: LugHost): Tool<{ agent: string; prompt: string }> {
  return {
    name: 'task',
    description: 'Hand a job to a subagent.',
    parameters: { type: 'object', properties: { agent: { type: 'string' }, prompt: { type: 'string' } }, required: ['agent', 'prompt'] },
    ask: false,
    describe: (a) => ({ title: `${a.agent}: ${a.prompt}`, kind: 'other' }),
    handler: async (a, ctx) => (await runSubagent(host, { name: a.agent, tools: ['note'], model: `${a.agent}/m` }, a.prompt, { signal: ctx.signal, parentCallId: ctx.callId })).text,
  };
}

/** A real host with approvals, someone at the dialog, the parent model and one model per agent; the transcript follows its events. */
function setup(models: Record<string, ProviderStep[]>) {
  const dir = tempDir();
  const { host, approvals } = createHostWithApprovals({ cwd: dir, env: { HOME: dir, XDG_STATE_HOME: `${dir}/state` }, interactive: true }, { logPath: `${dir}/approvals.log` });
  for (const [name, steps] of Object.entries(models)) {
    const p = scriptedProvider(steps);
    host.providers.register({ name, create: () => p });
  }
  host.options.set('model', 'parent/m');
  host.options.set('tool_concurrency', 2);
  host.tools.register(note, 'test');
  host.tools.register(taskTool(host), 'test');
  const store = new TranscriptStore({ markdown, frameMs: 0 });
  store.attach(host.events);
  return { host, approvals, store, session: new Session(host, { systemPrompt: 'SYSTEM' }) };
}

const liveCalls = (store: TranscriptStore): CallView[] =>
  [...store.getSnapshot().committed, ...store.getSnapshot().live].flatMap((i) => (i.kind === 'call' ? [i.call] : []));

describe('subagents in the transcript', () => {
  it('nests each under its call, collapsed to its current step; Ctrl-O shows its calls; none shows as the parent’s', async () => {
    const { approvals, store, session } = setup({
      parent: [turn(toolCall('task', { agent: 'alpha', prompt: 'note a' }, { id: 't1' }), toolCall('task', { agent: 'beta', prompt: 'note b' }, { id: 't2' })), text('Both noted.')],
      alpha: [turn(text('Noting.'), toolCall('note', { text: 'a' }, { id: 'c1' })), text('alpha noted a')],
      beta: [turn(toolCall('note', { text: 'b' }, { id: 'c1' })), text('beta noted b')],
    });
    const done = session.submit('note a and b');
    // Both subagents' calls ask (note asks by default): both wait in the dialog's queue at once.
    await waitFor(() => approvals.queue.pending().length === 2, 10_000);
    expect(approvals.queue.pending().map((p) => p.call.agent).sort()).toEqual(['alpha', 'beta']);
    const asking = liveCalls(store);
    expect(asking.map((c) => c.tool)).toEqual(['task', 'task']);
    expect(asking.map((c) => c.subagents!.map((s) => [s.label, s.step]))).toEqual([[['alpha', 'asking: note a']], [['beta', 'asking: note b']]]);

    const t = render(<ToolLine call={asking[0]!} width={80} />);
    expect(plain(t.lastFrame())).toMatch(/task alpha: note a[\s\S]*\n\s+↳ ● alpha {2}asking: note a {2}\(Ctrl-O: its calls\)/);
    expect(store.expandLatest()).toBe(true);
    const expanded = liveCalls(store).find((c) => c.expanded)!;
    const te = render(<ToolLine call={expanded} width={80} />);
    expect(plain(te.lastFrame())).toMatch(/↳ ● \w+ {2}asking: note \w\n\s+\? note \w {2}asking/);

    for (const p of approvals.queue.pending()) approvals.queue.answer(p.call.id, { kind: 'allow' });
    expect(await done).toMatchObject({ reason: 'done', text: 'Both noted.' });
    const finished = liveCalls(store);
    expect(finished.map((c) => c.tool)).toEqual(['task', 'task']);
    expect(finished.map((c) => [c.summary, c.subagents!.map((s) => [s.label, s.state, s.step])])).toEqual([
      [expect.any(String), [['alpha', 'done', 'done · 1 call']]],
      [expect.any(String), [['beta', 'done', 'done · 1 call']]],
    ]);
    const items = [...store.getSnapshot().committed, ...store.getSnapshot().live];
    const markdownText = items.flatMap((i) => (i.kind === 'markdown' ? [i.text] : [])).join('\n');
    expect(markdownText).toBe('Both noted.');
  });
});

describe('subagents read back from the session file', () => {
  it('are drawn again, ended, under the calls that started them, with their own calls (Ctrl-O)', () => {
    const store = new TranscriptStore({ markdown, frameMs: 0 });
    const agent = { id: 'alpha-1', name: 'alpha', label: 'alpha', parentCallId: 't1' };
    store.replay(
      [
        { role: 'user', content: 'note a' },
        { role: 'assistant', content: [{ type: 'tool_call', id: 't1', name: 'task', argsText: '{"agent":"alpha","prompt":"note a"}' }] },
        { role: 'tool', results: [{ type: 'tool_result', callId: 't1', name: 'task', content: 'alpha noted a', isError: false }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }] },
      ],
      [
        {
          agent,
          reason: 'done',
          messages: [
            { role: 'user', content: 'note a' },
            { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'note', argsText: '{"text":"a"}' }] },
            { role: 'tool', results: [{ type: 'tool_result', callId: 'c1', name: 'note', content: 'noted a', isError: false }] },
            { role: 'assistant', content: [{ type: 'text', text: 'alpha noted a' }] },
          ],
        },
        { agent: { ...agent, id: 'alpha-2', label: 'alpha #2', parentCallId: 'gone' }, reason: 'done', messages: [{ role: 'user', content: 'x' }] },
      ],
    );
    const [call] = liveCalls(store);
    expect(call!.subagents!.map((s) => [s.label, s.state, s.step, s.calls.map((c) => [c.tool, c.state, c.result])])).toEqual([['alpha', 'done', 'done · 1 call', [['note', 'done', 'noted a']]]]);
    const t = render(<ToolLine call={call!} width={80} />);
    expect(plain(t.lastFrame())).toMatch(/↳ ✓ alpha {2}done · 1 call/);
  });
});

describe('a subagent streaming its text', () => {
  it('publishes no new transcript for its text deltas, which its line does not show', () => {
    const events = new EventBus();
    const store = new TranscriptStore({ markdown, frameMs: 0 });
    store.attach(events);
    const agent = { id: 'alpha-1', name: 'alpha', label: 'alpha', parentCallId: 't1' };
    events.emit('tool_call', { call: { id: 't1', tool: 'task', args: { agent: 'alpha', prompt: 'p' }, argsText: '{}' } });
    events.emit('subagent_start', { agent, prompt: 'p', tools: ['note'], model: 'alpha/m' });
    events.emit('subagent_event', { agent, event: { type: 'request_start', step: 1, model: 'alpha/m' } });
    const before = store.getSnapshot();
    let published = 0;
    store.subscribe(() => published++);
    for (let i = 0; i < 100; i++) events.emit('subagent_event', { agent, event: { type: 'text_delta', text: `word ${i} ` } });
    expect(published).toBe(0);
    expect(store.getSnapshot()).toBe(before);
    events.emit('subagent_event', { agent, event: { type: 'tool_call', call: { id: 'c1', tool: 'note', args: { text: 'a' }, argsText: '{"text":"a"}' } } });
    expect(published).toBe(1);
    expect(liveCalls(store)[0]!.subagents!.map((s) => s.step)).toEqual(['note a']);
  });
});
