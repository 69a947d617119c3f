import type { AuthorizeRequest, ToolPreview } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { fakeTool, never, request, settle, setup } from './test-support.js';
import type { Approvals } from './types.js';

/** A turn as the scheduler runs it: every call at once, each authorised then run; results in call order. */
function runTurn(approvals: Approvals, calls: AuthorizeRequest[], started: string[]): Promise<string[]> {
  return Promise.all(
    calls.map(async (call) => {
      const decision = await approvals.decide(call, never);
      if (!decision.allow) return `${call.id} denied: ${decision.reason}`;
      started.push(call.id);
      return `${call.id} ran`;
    }),
  );
}

describe('the approval queue', () => {
  it('three calls that ask and two that do not: the two run at once, dialogs come one at a time, "always" releases the same tool', async () => {
    const tools = [fakeTool('edit', true), fakeTool('write', true), fakeTool('read', false), fakeTool('ls', false)];
    const { approvals } = setup({ interactive: true, tools, approvals: { now: () => new Date(1_000) } });
    const calls = [
      request('edit', { path: 'a' }),
      request('read', { path: 'a' }),
      request('edit', { path: 'b' }),
      request('ls', {}),
      request('write', { path: 'c', content: 'x' }),
    ];
    const [edit1, read, edit2, ls, write] = calls.map((c) => c.id);
    const shown: Array<string | undefined> = [];
    approvals.queue.onChange(() => {
      const current = approvals.queue.current()?.call.id;
      if (shown[shown.length - 1] !== current) shown.push(current);
    });
    const started: string[] = [];
    const results = runTurn(approvals, calls, started);
    await settle();

    // The two that do not ask ran while the three wait.
    expect(started).toEqual([read, ls]);
    expect(approvals.queue.pending().map((p) => p.call.id)).toEqual([edit1, edit2, write]);
    const current = approvals.queue.current()!;
    expect(current.call).toMatchObject({ id: edit1, tool: 'edit', reason: 'edit asks by default' });
    expect(current.preview.kind).toBe('args');
    expect(current.since).toBe(1_000);

    // "always" on the first edit releases the other edit; the write keeps waiting.
    approvals.queue.answer(edit1, { kind: 'always' });
    await settle();
    expect(started).toEqual([read, ls, edit1, edit2]);
    expect(approvals.queue.pending().map((p) => p.call.id)).toEqual([write]);

    approvals.queue.answer(write, { kind: 'allow' });
    expect(await results).toEqual([`${edit1} ran`, `${read} ran`, `${edit2} ran`, `${ls} ran`, `${write} ran`]);
    // One dialog at a time, and the released edit never flashed up.
    expect(shown).toEqual([edit1, write, undefined]);
    expect(approvals.allowedAlways.list()).toEqual(['edit']);
  });

  it('each call runs as soon as it is answered, while the others keep waiting', async () => {
    const { approvals } = setup({ interactive: true });
    const calls = [request('write', { path: 'a' }), request('bash', { command: 'ls' }), request('write', { path: 'b' })];
    const started: string[] = [];
    const results = runTurn(approvals, calls, started);
    await settle();
    approvals.queue.answer(calls[1].id, { kind: 'allow' }); // the second, out of order
    await settle();
    expect(started).toEqual([calls[1].id]);
    expect(approvals.queue.current()?.call.id).toBe(calls[0].id);
    approvals.queue.answer(calls[0].id, { kind: 'deny', message: 'not that file' });
    approvals.queue.answer(calls[2].id, { kind: 'deny' });
    expect(await results).toEqual([`${calls[0].id} denied: not that file`, `${calls[1].id} ran`, `${calls[2].id} denied: denied by the user`]);
  });

  it('allowing a tool always from outside the dialog releases its waiting calls', async () => {
    const { approvals } = setup({ interactive: true });
    const decision = approvals.decide(request('write'), never);
    await settle();
    approvals.allowedAlways.add('write');
    expect(await decision).toEqual({ allow: true, by: 'allowed-always' });
    expect(approvals.queue.pending()).toEqual([]);
  });

  it('ignores an answer for a call that is no longer waiting, and stops telling a listener that unsubscribed', async () => {
    const { approvals } = setup({ interactive: true });
    let changes = 0;
    const unsubscribe = approvals.queue.onChange(() => changes++);
    const call = request('write');
    const decision = approvals.decide(call, never);
    await settle();
    expect(changes).toBe(1);
    unsubscribe();
    approvals.queue.answer(call.id, { kind: 'allow' });
    approvals.queue.answer(call.id, { kind: 'deny' });
    expect(await decision).toEqual({ allow: true, by: 'user' });
    expect(changes).toBe(1);
  });

  it('shows the reason a rule gave with its control characters made visible', async () => {
    const { approvals } = setup({ interactive: true });
    approvals.rule('write', () => ({ verdict: 'ask', reason: 'check \x1b[2Jthis' }));
    const decision = approvals.decide(request('write'), never);
    await settle();
    expect(approvals.queue.current()?.call.reason).toBe('check \\x1b[2Jthis');
    approvals.queue.answer(approvals.queue.current()!.call.id, { kind: 'deny' });
    await decision;
  });

  it('comes in call order when the tools are mixed, however long each preview takes', async () => {
    // edit's diff is slowest to compute, write's next, bash's command at once: as a real turn's tools are.
    const slow = (ms: number) => ({ preview: () => new Promise<ToolPreview>((r) => setTimeout(() => r({ kind: 'text', text: '' }), ms)) });
    const tools = [fakeTool('edit', true, slow(60)), fakeTool('write', true, slow(30)), fakeTool('bash', true)];
    const { approvals } = setup({ interactive: true, tools });
    const calls = [request('edit', { path: 'a' }), request('write', { path: 'b' }), request('bash', { command: 'ls' })];
    const shown: string[] = [];
    approvals.queue.onChange(() => {
      const current = approvals.queue.current()?.call.tool;
      if (current && shown.at(-1) !== current) shown.push(current);
    });
    const results = runTurn(approvals, calls, []);
    for (const tool of ['edit', 'write', 'bash']) {
      const deadline = Date.now() + 5_000;
      while (approvals.queue.current()?.call.tool !== tool && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      approvals.queue.answer(approvals.queue.current()!.call.id, { kind: 'allow' });
    }
    await results;
    expect(shown).toEqual(['edit', 'write', 'bash']);
  });

  it('holds the dialog for an older call whose preview is still computing, and shows nothing later in its place', async () => {
    let finishPreview: (() => void) | undefined;
    const tools = [fakeTool('edit', true, { preview: () => new Promise<ToolPreview>((r) => (finishPreview = () => r({ kind: 'text', text: '' }))) }), fakeTool('bash', true)];
    const { approvals } = setup({ interactive: true, tools });
    const [edit, bash] = [request('edit', { path: 'a' }), request('bash', { command: 'ls' })];
    const results = runTurn(approvals, [edit, bash], []);
    await settle();
    // bash is ready to ask; the edit, first, is not yet: nothing is shown, and bash waits behind it.
    expect(approvals.queue.current()).toBeUndefined();
    expect(approvals.queue.pending().map((p) => p.call.id)).toEqual([bash.id]);
    finishPreview!();
    await settle();
    expect(approvals.queue.current()?.call.id).toBe(edit.id);
    expect(approvals.queue.pending().map((p) => p.call.id)).toEqual([edit.id, bash.id]);
    approvals.queue.answer(edit.id, { kind: 'allow' });
    approvals.queue.answer(bash.id, { kind: 'allow' });
    expect(await results).toEqual([`${edit.id} ran`, `${bash.id} ran`]);
  });

  it('gives up the place of a call that did not ask, and of one cancelled while it was previewed', async () => {
    const tools = [fakeTool('read', false), fakeTool('edit', true, { preview: () => new Promise<ToolPreview>(() => undefined) }), fakeTool('bash', true)];
    const { approvals } = setup({ interactive: true, tools });
    const stop = new AbortController();
    const read = approvals.decide(request('read', { path: 'a' }), never);
    const edit = approvals.decide(request('edit', { path: 'b' }), stop.signal);
    const bash = request('bash', { command: 'ls' });
    const asked = approvals.decide(bash, never);
    expect(await read).toMatchObject({ allow: true });
    await settle();
    expect(approvals.queue.current()).toBeUndefined();
    stop.abort();
    await settle();
    expect(await edit).toMatchObject({ allow: false });
    expect(approvals.queue.current()?.call.id).toBe(bash.id);
    approvals.queue.answer(bash.id, { kind: 'deny' });
    await asked;
    expect(approvals.queue.pending()).toEqual([]);
  });
});
