/** lug.on("before_compact") shapes a compaction from Lua; lug.on("after_compact") hears its result. */
import { COMPACTION_SYSTEM, Session, type ModelRequest, type ProviderEvent } from '@lug/core';
import { scriptedProvider } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

async function* model(request: ModelRequest): AsyncIterable<ProviderEvent> {
  yield { type: 'text_delta', text: request.system === COMPACTION_SYSTEM ? '## Goal\nThe model wrote this.' : 'ok' };
  yield { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } };
  yield { type: 'stop', reason: 'end_turn' };
}

async function sessionWithTurns(setupDone: Setup) {
  const provider = scriptedProvider([], { afterScript: model });
  setupDone.host.providers.register({ name: 'test', create: () => provider });
  setupDone.host.options.set('model', 'test/m');
  setupDone.host.options.set('keep_turns', 1);
  const session = new Session(setupDone.host, { systemPrompt: 'SYSTEM' });
  for (const p of ['one', 'two', 'three']) await session.submit(p);
  return { session, provider };
}

const summaryRequest = (requests: ModelRequest[]) => {
  const r = requests.find((q) => q.system === COMPACTION_SYSTEM)!;
  return r.messages[0]!.role === 'user' ? r.messages[0]!.content : '';
};

describe('lug.on("before_compact")', () => {
  it('receives the reason, the messages and the focus; its pinned fact and instructions reach the summary request, and its focus replaces the user\'s', async () => {
    s = setup();
    await s.runtime.run(`
      seen = {}
      lug.on("before_compact", function(c)
        seen.reason, seen.focus, seen.count, seen.first = c.reason, c.focus, #c.messages, c.messages[1].content
        return { pinned = { "the API freeze ends on Friday" }, focus = "the API", instructions = "Mention the tests." }
      end)`);
    const { session, provider } = await sessionWithTurns(s);
    await session.compact('the parser');
    expect((await s.runtime.run('return seen.reason, seen.focus, seen.count, seen.first')).values).toEqual(['command', 'the parser', 4, 'one']);
    const text = summaryRequest(provider.requests);
    expect(text).toContain('- the API freeze ends on Friday');
    expect(text).toContain('Focus the summary on: the API');
    expect(text).toContain('Mention the tests.');
    expect(session.messagesToSend()[0]).toMatchObject({ content: expect.stringContaining('## Pinned facts\n\n- the API freeze ends on Friday') });
  });

  it('may write the summary itself: no model request is made', async () => {
    s = setup();
    await s.runtime.run('lug.on("before_compact", function() return { summary = "## Goal\\nWritten in Lua." } end)');
    const { session, provider } = await sessionWithTurns(s);
    const before = provider.requests.length;
    const compaction = await session.compact();
    expect(provider.requests).toHaveLength(before);
    expect(compaction).toMatchObject({ by: 'hook', summary: expect.stringContaining('Written in Lua.') });
  });

  it('a hook that returns something else is reported, naming where it was made, and changes nothing', async () => {
    s = setup();
    await s.runtime.run('lug.on("before_compact", function() return { pin = "x" } end)', 'hooks.lua');
    const { session, provider } = await sessionWithTurns(s);
    await session.compact();
    expect(s.events.find((e) => e.type === 'error')).toMatchObject({ message: expect.stringMatching(/before_compact hook made at .*hooks\.lua"\]:1 returned something that is not a result \(its fields are pinned, focus, instructions, summary; got "pin"\)/) });
    expect(summaryRequest(provider.requests)).not.toContain('Pinned');
  });

  it('lug.off removes it', async () => {
    s = setup();
    await s.runtime.run('remove = lug.on("before_compact", function() return { summary = "from Lua" } end) lug.off(remove)');
    const { session } = await sessionWithTurns(s);
    expect(await session.compact()).toMatchObject({ by: 'model' });
  });
});

describe('lug.on("after_compact")', () => {
  it('reports the result: the reason, the summary, how many messages it replaced', async () => {
    s = setup();
    await s.runtime.run('lug.on("after_compact", function(e) got = { e.reason, e.replaced, e.summary } end)');
    const { session } = await sessionWithTurns(s);
    await session.compact();
    const [got] = (await s.runtime.run('return got')).values as [unknown[]];
    expect(got).toEqual(['command', 4, expect.stringContaining('The model wrote this.')]);
  });
});
