import { ProviderError, type ModelRequest, type ProviderEvent } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { modelRequest } from './provider-kit.js';
import { httpError, text, toolCall, turn } from './scenario.js';
import { scriptedProvider } from './scripted-provider.js';

async function events(stream: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const out: ProviderEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}
const open = () => new AbortController().signal;

describe('scriptedProvider', () => {
  it('answers each request with the next step, and records the requests as sent', async () => {
    const p = scriptedProvider([[{ type: 'text_delta', text: 'one' }, { type: 'stop', reason: 'end_turn' }], text(['two'])]);
    const request = modelRequest();
    expect(await events(p.stream(request, open()))).toEqual([{ type: 'text_delta', text: 'one' }, { type: 'stop', reason: 'end_turn' }]);
    request.system = 'changed afterwards';
    expect((await events(p.stream(modelRequest(), open()))).map((e) => e.type)).toEqual(['text_delta', 'usage', 'stop']);
    expect(p.requests).toHaveLength(2);
    expect(p.requests[0]!.system).not.toBe('changed afterwards');
    expect(p.name).toBe('scripted');
  });

  it('plays a turn of the scenario language: text chunks, tool calls with ids, usage, then the stop reason', async () => {
    const p = scriptedProvider([
      turn(text(['Reading ', 'both.']), toolCall('read', { path: 'a' }), toolCall('read', { path: 'b' }, { id: 'mine' }), { usage: { inputTokens: 9, outputTokens: 3 } }),
    ]);
    expect(await events(p.stream(modelRequest(), open()))).toEqual([
      { type: 'text_delta', text: 'Reading ' },
      { type: 'text_delta', text: 'both.' },
      { type: 'tool_call', id: 'call-1', name: 'read', argsText: '{"path":"a"}' },
      { type: 'tool_call', id: 'mine', name: 'read', argsText: '{"path":"b"}' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 3 } },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('runs a function step for the request it is given', async () => {
    const p = scriptedProvider([
      async function* (request: ModelRequest) {
        yield { type: 'text_delta', text: `${request.messages.length} messages` };
        throw new ProviderError('cut', 'cut');
      },
    ]);
    const seen: ProviderEvent[] = [];
    await expect(async () => {
      for await (const e of p.stream(modelRequest(), open())) seen.push(e);
    }).rejects.toThrow('cut');
    expect(seen).toEqual([{ type: 'text_delta', text: '1 messages' }]);
  });

  it('plays the turn a function step returns, chosen when its request comes', async () => {
    let mood = 'early';
    const p = scriptedProvider([() => text([`it is ${mood}`])]);
    mood = 'late';
    expect((await events(p.stream(modelRequest(), open())))[0]).toEqual({ type: 'text_delta', text: 'it is late' });
  });

  it('fails a request past the end of the script, unless told what to answer then', async () => {
    const strict = scriptedProvider([]);
    await expect(events(strict.stream(modelRequest(), open()))).rejects.toThrow('the script has no more steps (this is request 1)');
    const lenient = scriptedProvider([], { afterScript: text(['over']) });
    for (let i = 0; i < 2; i++) expect((await events(lenient.stream(modelRequest(), open())))[0]).toEqual({ type: 'text_delta', text: 'over' });
    lenient.push(text(['pushed']));
    expect((await events(lenient.stream(modelRequest(), open())))[0]).toEqual({ type: 'text_delta', text: 'pushed' });
  });

  it('stops with "cancelled by the user" once its signal aborts, between two events', async () => {
    const p = scriptedProvider([text(['a', 'b', 'c'])], { eventDelayMs: 20 });
    const controller = new AbortController();
    const seen: ProviderEvent[] = [];
    const error = await (async () => {
      try {
        for await (const e of p.stream(modelRequest(), controller.signal)) {
          seen.push(e);
          controller.abort();
        }
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: 'cancelled by the user', kind: 'cancelled' });
    expect(seen).toEqual([{ type: 'text_delta', text: 'a' }]);
  });

  it('refuses a wire-level step with a pointer to the scripted server', async () => {
    const p = scriptedProvider([httpError(529) as never]);
    await expect(events(p.stream(modelRequest(), open()))).rejects.toThrow(
      'a scripted provider plays turns only, not a "http_error" step: use the scripted server (startScriptedServer) for errors on the wire',
    );
  });
});
