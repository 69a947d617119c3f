/** lug.agent and the stock agents workflow: agents defined from Lua, offered to the model by the task tool, run as subagents. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '@lug/core';
import { scriptedProvider, text, toolCall, turn } from '@lug/testing';
import { setup, type Setup } from '../test-support.js';
import { STOCK_WORKFLOWS } from '../workflows/workflow-test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const NOTE_TOOL = `
lug.tool.register("note", { description = "Take a note.", ask = false,
  parameters = { properties = { text = { type = "string" } }, required = { "text" } },
  handler = function(args) return "noted: " .. args.text end })
`;

describe('lug.agent', () => {
  it('defines agents, lists them by name, and removes one with the function define returns', async () => {
    s = setup();
    const r = await s.runtime.run(`
      local remove = lug.agent.define("scout", { description = "Looks around", tools = { "read" }, prompt = "Report briefly.", model = "test/small" })
      lug.agent.define("fixer", { description = "Fixes one thing" })
      local before = lug.agent.list()
      remove()
      return before, lug.agent.list()`);
    expect(r.values[0]).toEqual([
      { name: 'fixer', description: 'Fixes one thing', source: expect.any(String) },
      { name: 'scout', description: 'Looks around', tools: ['read'], prompt: 'Report briefly.', model: 'test/small', source: expect.any(String) },
    ]);
    expect(r.values[1]).toEqual([{ name: 'fixer', description: 'Fixes one thing', source: expect.any(String) }]);
  });

  it.each([
    ['lug.agent.define("1x", { description = "d" })', `bad argument #1 to 'lug.agent.define' (name: expected an agent name`],
    ['lug.agent.define("x", { })', `bad argument #2 to 'lug.agent.define' (spec.description: expected a non-empty string (when the model should hand this agent a job), got nil)`],
    ['lug.agent.define("x", { description = "d", tools = "read" })', `bad argument #2 to 'lug.agent.define' (spec.tools: expected list of string values, got string)`],
    ['lug.agent.define("x", { description = "d", model = "haiku" })', `bad argument #2 to 'lug.agent.define' (spec.model: expected a model as "provider/model"`],
    ['lug.agent.define("x", { description = "d", color = "red" })', `bad argument #2 to 'lug.agent.define' (spec: unknown field "color"; the fields are: description, tools, prompt, model)`],
  ])('refuses %s with a clear error', async (code, message) => {
    s = setup();
    await expect(s.runtime.run(code)).rejects.toThrow(message);
  });

  it('run answers nil and the agents there are for an unknown agent', async () => {
    s = setup();
    const r = await s.runtime.run('lug.agent.define("scout", { description = "d" }); return lug.agent.run("nope", "job")');
    expect(r.values).toEqual([undefined, 'no agent named "nope"; the agents are: scout']);
  });

  it('are taken back when the runtime closes', async () => {
    s = setup();
    await s.runtime.run('lug.agent.define("scout", { description = "d" })');
    s.runtime.close();
    s = setup();
    expect((await s.runtime.run('return #lug.agent.list()')).values[0]).toBe(0);
  });
});

describe('the stock agents workflow', () => {
  function withModel(s: Setup, steps: Parameters<typeof scriptedProvider>[0]) {
    const provider = scriptedProvider(steps);
    s.host.providers.register({ name: 'test', create: () => provider });
    s.host.options.set('model', 'test/m1');
    return provider;
  }

  it('offers no task tool while no agent is defined', async () => {
    s = setup({}, { workflowsDir: STOCK_WORKFLOWS });
    expect((await s.runtime.loadStartup()).errors).toEqual([]);
    expect(s.host.tools.get('task')).toBeUndefined();
  });

  it('offers the agents defined in init.lua through task, and the parent gets only the final answer', async () => {
    s = setup({ 'init.lua': `${NOTE_TOOL}\nlug.agent.define("scribe", { description = "Takes notes", tools = { "note" }, prompt = "Be brief." })` }, { workflowsDir: STOCK_WORKFLOWS }, { interactive: false });
    expect((await s.runtime.loadStartup()).errors).toEqual([]);
    const task = s.host.tools.get('task')!;
    expect(task.description).toMatch(/\n- scribe: Takes notes$/);
    expect(task.ask).toBe(false);
    const provider = withModel(s, [
      turn(toolCall('task', { agent: 'scribe', prompt: 'note milk' }, { id: 't1' })),
      turn(toolCall('note', { text: 'milk' }, { id: 'c1' })),
      text('Noted milk.'),
      text('Your note is taken.'),
    ]);
    const session = new Session(s.host, { systemPrompt: 'SYSTEM' });
    expect(await session.submit('remember milk')).toMatchObject({ reason: 'done', text: 'Your note is taken.' });
    const child = provider.requests[1]!;
    expect(child.messages).toEqual([{ role: 'user', content: 'note milk' }]);
    expect(child.tools.map((t) => t.name)).toEqual(['note']);
    expect(child.system).toMatch(/# You are the subagent "scribe"[\s\S]*Be brief\.$/);
    expect(provider.requests[3]!.messages.at(-1)).toMatchObject({ role: 'tool', results: [{ callId: 't1', content: 'Noted milk.', isError: false }] });
    expect(s.events.filter((e) => e.type === 'subagent_start')).toMatchObject([{ agent: { label: 'scribe', parentCallId: 't1' } }]);
  });

  it('gives an agent without a tool list every tool but task', async () => {
    s = setup({ 'init.lua': `${NOTE_TOOL}\nlug.agent.define("any", { description = "Anything" })` }, { workflowsDir: STOCK_WORKFLOWS }, { interactive: false });
    await s.runtime.loadStartup();
    const provider = withModel(s, [turn(toolCall('task', { agent: 'any', prompt: 'hi' }, { id: 't1' })), text('hello'), text('done')]);
    await new Session(s.host, { systemPrompt: 'SYSTEM' }).submit('go');
    const offered = provider.requests[1]!.tools.map((t) => t.name);
    expect(offered).toContain('note');
    expect(offered).not.toContain('task');
  });

  it('defines agents from Markdown files with front matter, the project’s winning over the user’s, a broken file a warning', async () => {
    s = setup(
      {
        'agents/scout.md': '---\nname: scout\ndescription: Looks around (user)\ntools: read, grep\n---\nReport briefly.\n',
        'agents/fixer.md': '---\ndescription: "Fixes one thing"\ntools: [note]\nmodel: test/small\n---\n\nFix it.\n',
        'agents/broken.md': '---\ntools: read\n---\nno description\n',
        'agents/notes.txt': 'not an agent',
      },
      { workflowsDir: STOCK_WORKFLOWS },
      { interactive: false },
    );
    fs.mkdirSync(path.join(s.lug.project, '.lug', 'agents'), { recursive: true });
    fs.writeFileSync(path.join(s.lug.project, '.lug', 'agents', 'scout.md'), '---\ndescription: Looks around (project)\ntools: ls\n---\nThe project way.\n');
    expect((await s.runtime.loadStartup()).errors).toEqual([]);
    const agents = (await s.runtime.run('return lug.agent.list()')).values[0] as Array<Record<string, unknown>>;
    expect(agents.map((a) => [a.name, a.description, a.tools, a.prompt, a.model])).toEqual([
      ['fixer', 'Fixes one thing', ['note'], 'Fix it.', 'test/small'],
      ['scout', 'Looks around (project)', ['ls'], 'The project way.', undefined],
    ]);
    expect(s.events.filter((e) => e.type === 'notify').map((e) => (e as { message: string }).message)).toEqual([
      expect.stringMatching(/^agent file .*agents\/broken\.md was not loaded: .*its front matter has no description/),
    ]);
    expect(s.host.tools.get('task')!.description).toMatch(/\n- fixer: Fixes one thing\n- scout: Looks around \(project\)$/);
  });

  it('is turned off by one line of init.lua', async () => {
    s = setup({ 'init.lua': 'lug.agent.define("scout", { description = "d" })\nlug.workflow.disable("agents")' }, { workflowsDir: STOCK_WORKFLOWS });
    expect((await s.runtime.loadStartup()).errors).toEqual([]);
    expect(s.host.tools.get('task')).toBeUndefined();
  });
});
