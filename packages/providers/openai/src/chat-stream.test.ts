import { describe, expect, it } from 'vitest';
import { fromOpenAIStream, stopReasonOf, ToolCallAssembler } from './from-openai.js';

describe('ToolCallAssembler', () => {
  it('joins fragments by index, in the order the calls began', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c1', type: 'function', function: { name: 'read', arguments: '' } });
    a.add({ index: 1, id: 'c2', type: 'function', function: { name: 'ls', arguments: '{"pa' } });
    a.add({ index: 0, function: { arguments: '{"path":' } });
    a.add({ index: 1, function: { arguments: 'th":"."}' } });
    a.add({ index: 0, function: { arguments: '"a"}' } });
    expect(a.finish()).toEqual([
      { type: 'tool_call', id: 'c1', name: 'read', argsText: '{"path":"a"}' },
      { type: 'tool_call', id: 'c2', name: 'ls', argsText: '{"path":"."}' },
    ]);
  });

  it('treats a new id at an index already used as a new call (servers that number every call 0)', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c1', function: { name: 'read', arguments: '{"path":"a"}' } });
    a.add({ index: 0, id: 'c2', function: { name: 'read', arguments: '{"path":"b"}' } });
    expect(a.finish().map((c) => [c.id, c.argsText])).toEqual([
      ['c1', '{"path":"a"}'],
      ['c2', '{"path":"b"}'],
    ]);
  });

  it('keeps the name when a server repeats it, and ids repeated in every delta', () => {
    const a = new ToolCallAssembler();
    a.add({ index: 0, id: 'c1', function: { name: 'read', arguments: '{"path"' } });
    a.add({ index: 0, id: 'c1', function: { name: 'read', arguments: ':"a"}' } });
    expect(a.finish()).toEqual([{ type: 'tool_call', id: 'c1', name: 'read', argsText: '{"path":"a"}' }]);
  });

  it('makes up an id for a call that came without one', () => {
    const a = new ToolCallAssembler();
    a.add({ function: { name: 'ls', arguments: '{}' } } as never);
    const [call] = a.finish();
    expect(call!.id).toMatch(/^call_/);
    expect(call!.name).toBe('ls');
  });
});

describe('stopReasonOf', () => {
  it('maps finish reasons, and tool calls win over a plain "stop"', () => {
    expect(stopReasonOf('stop', false)).toBe('end_turn');
    expect(stopReasonOf('stop', true)).toBe('tool_use');
    expect(stopReasonOf('tool_calls', true)).toBe('tool_use');
    expect(stopReasonOf('length', true)).toBe('max_tokens');
    expect(stopReasonOf('content_filter', false)).toBe('other');
  });
});

describe('fromOpenAIStream', () => {
  async function* chunks(list: unknown[]) {
    for (const c of list) yield c as never;
  }

  it('keeps an answer whose choice finished when only the usage chunk was lost', async () => {
    async function* broken() {
      yield* chunks([{ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] }]);
      throw new TypeError('terminated');
    }
    const events = [];
    for await (const e of fromOpenAIStream(broken(), new AbortController().signal)) events.push(e);
    expect(events).toEqual([{ type: 'text_delta', text: 'hi' }, { type: 'stop', reason: 'end_turn' }]);
  });

  it('treats a stream that ends without a finish_reason as broken', async () => {
    const events = [];
    await expect(async () => {
      for await (const e of fromOpenAIStream(chunks([{ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] }]), new AbortController().signal)) events.push(e);
    }).rejects.toMatchObject({ kind: 'connection' });
  });
});
