/** The conversation from Lua: tool_call, tool_result and before_request hooks change a real turn; lug.session.messages reads it. */
import { Session, type ProviderEvent, type ToolResultsMessage } from '@lug/core';
import { scriptedProvider, type ProviderStep } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { commandTool, setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const call = (command: string): ProviderEvent[] => [
  { type: 'text_delta', text: 'Running it.' },
  { type: 'tool_call', id: 'c1', name: 'bash', argsText: JSON.stringify({ command }) },
  { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
  { type: 'stop', reason: 'tool_use' },
];
const done: ProviderEvent[] = [{ type: 'text_delta', text: 'done' }, { type: 'stop', reason: 'end_turn' }];

/** init.lua loaded, a bash stand-in whose calls a Lua rule records, and a session playing `steps`. */
async function turn(initLua: string, steps: ProviderStep[]) {
  s = setup({ 'init.lua': `judged = {}\nlug.tool.rule("bash", function(args) judged[#judged + 1] = args.command return "allow" end)\n${initLua}` });
  s.host.tools.register(commandTool);
  const report = await s.runtime.loadStartup();
  expect(report.errors).toEqual([]);
  const provider = scriptedProvider(steps);
  s.host.providers.register({ name: 'test', create: () => provider });
  s.host.options.set('model', 'test/m');
  const session = new Session(s.host, { systemPrompt: 'SYSTEM' });
  s.runtime.setConversation(() => session.messages);
  const results = () => session.messages.filter((m): m is ToolResultsMessage => m.role === 'tool').flatMap((m) => m.results);
  return { session, provider, results, value: async (code: string) => (await s!.runtime.run(code)).values[0] };
}

describe('lug.on("tool_call")', () => {
  it('returns new arguments: the rule judges the rewritten call and the session keeps it', async () => {
    const t = await turn(
      'lug.on("tool_call", function(e) if e.call.tool == "bash" then return { args = { command = e.call.args.command .. " --dry-run" } } end end)',
      [call('make deploy'), done],
    );
    await t.session.submit('deploy');
    expect(await t.value('judged')).toEqual(['make deploy --dry-run']);
    expect(t.session.messages[1]).toMatchObject({ role: 'assistant', content: [{ type: 'text' }, { type: 'tool_call', argsText: '{"command":"make deploy --dry-run"}' }] });
  });

  it('denies a call with a reason the model is given', async () => {
    const t = await turn('lug.on("tool_call", function(e) return { deny = "not today" } end)', [call('ls'), done]);
    await t.session.submit('list');
    expect(await t.value('#judged')).toBe(0);
    expect(t.results()[0]!.content).toMatch(/^denied: not today \(the tool_call hook made at .*init\.lua:3\)$/);
  });

  it('a hook that fails refuses the call, with the Lua error as the reason', async () => {
    const t = await turn('lug.on("tool_call", function(e) return e.nope.field end)', [call('ls'), done]);
    await t.session.submit('list');
    expect(await t.value('#judged')).toBe(0);
    expect(t.results()[0]!.content).toMatch(/^denied: the tool_call hook made at .*init\.lua:3 failed: .*init\.lua:3: attempt to index a nil value .*, so the call was refused$/);
  });

  it('sourced twice, fires once a call', async () => {
    const t = await turn('lug.on("tool_call", function(e) hits = (hits or 0) + 1 end)', [call('ls'), done]);
    await s!.runtime.source();
    await s!.runtime.source();
    await t.session.submit('list');
    expect(await t.value('hits')).toBe(1);
    expect(await t.value('#judged')).toBe(1);
  });
});

describe('lug.on("tool_result")', () => {
  it('replaces the text the model sees', async () => {
    const t = await turn('lug.on("tool_result", function(e) return { content = "[" .. e.call.tool .. "] " .. e.content } end)', [call('ls'), done]);
    await t.session.submit('list');
    expect(t.results()[0]!.content).toBe('[bash] exit status 0\n(no output)');
    expect(JSON.stringify(t.provider.requests[1]!.messages)).toContain('[bash] exit status 0');
  });
});

describe('lug.on("before_request")', () => {
  it('sees the request and may cancel it: the turn ends with the reason', async () => {
    const t = await turn(
      'seen = {}\nlug.on("before_request", function(r) seen[#seen + 1] = { r.model, r.messages, r.tokens > 0 } if r.step == 2 then return { cancel = "enough" } end end)',
      [call('ls'), done],
    );
    const end = await t.session.submit('list');
    expect(end).toMatchObject({ reason: 'hook', message: expect.stringMatching(/before_request hook made at .*init\.lua:4: enough$/) });
    expect(await t.value('seen')).toEqual([
      ['test/m', 1, true],
      ['test/m', 3, true],
    ]);
    expect(t.provider.requests).toHaveLength(1);
  });
});

describe('lug.session.messages', () => {
  it('is a read-only copy of the conversation in plain Lua tables', async () => {
    const t = await turn('', [call('ls'), done]);
    expect(await t.value('#lug.session.messages()')).toBe(0);
    await t.session.submit('list');
    expect(await t.value('lug.session.messages()')).toEqual([
      { role: 'user', text: 'list' },
      { role: 'assistant', text: 'Running it.', calls: [{ id: 'c1', tool: 'bash', args: { command: 'ls' }, argsText: '{"command":"ls"}' }] },
      { role: 'tool', results: [{ callId: 'c1', tool: 'bash', content: 'exit status 0\n(no output)', isError: false }] },
      { role: 'assistant', text: 'done' },
    ]);
    await t.value('(function() local m = lug.session.messages() m[1].text = "changed" table.remove(m) return 0 end)()');
    expect(t.session.messages[0]).toMatchObject({ content: 'list' });
    expect(t.session.messages).toHaveLength(4);
    await expect(s!.runtime.run('lug.session.messages(1)')).rejects.toThrow(/lug\.session\.messages/);
  });
});
