/** lug.prompt (system prompt sections), lug.session.send (a prompt as if typed) and lug.session.state (kept in the session). */
import { buildSystemPrompt, renderSections } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code)).values;

describe('lug.prompt', () => {
  it('adds a named section the system prompt ends with, under its name', async () => {
    s = setup();
    await run('lug.prompt.add("house-style", "Answer in British English.")');
    expect(s.host.prompt.render()).toEqual([{ name: 'house-style', text: 'Answer in British English.' }]);
    expect(buildSystemPrompt({ cwd: '/p', agentsMd: null }) + renderSections(s.host.prompt.render())).toMatch(/\n\n# house-style\n\nAnswer in British English\.$/);
  });

  it('calls a function section at every render', async () => {
    s = setup();
    await run('n = 0 lug.prompt.add("count", function() n = n + 1 return "render " .. n end)');
    expect(renderSections(s.host.prompt.render())).toBe('\n\n# count\n\nrender 1');
    expect(renderSections(s.host.prompt.render())).toBe('\n\n# count\n\nrender 2');
  });

  it('the remover, lug.prompt.remove and close() take a section out', async () => {
    s = setup();
    await run('rm = lug.prompt.add("a", "A") lug.prompt.add("b", "B") lug.prompt.add("c", "C")');
    expect(await run('return lug.prompt.list()')).toEqual([['a', 'b', 'c']]);
    await run('rm()');
    expect(await run('return lug.prompt.remove("b"), lug.prompt.remove("b")')).toEqual([true, false]);
    expect(s.host.prompt.names()).toEqual(['c']);
    s.runtime.close();
    expect(s.host.prompt.names()).toEqual([]);
  });

  it('adding a name again replaces the section in its place', async () => {
    s = setup();
    await run('lug.prompt.add("a", "A") lug.prompt.add("b", "B") lug.prompt.add("a", "A2")');
    expect(s.host.prompt.render().map((x) => x.text)).toEqual(['A2', 'B']);
  });

  it('a section whose function fails is left out with an error that names it', async () => {
    s = setup();
    await run('lug.prompt.add("broken", function() error("no git") end) lug.prompt.add("ok", "fine")');
    expect(s.host.prompt.render()).toEqual([{ name: 'ok', text: 'fine' }]);
    expect(s.events.filter((e) => e.type === 'error').map((e) => (e as { message: string }).message)).toEqual([expect.stringMatching(/^prompt section "broken" failed, so the system prompt goes without it: its function \(made at :lua:1\) failed: .*no git/)]);
  });

  it('bad arguments name what is allowed', async () => {
    s = setup();
    await expect(run('lug.prompt.add("my section", "x")')).rejects.toThrow(`bad argument #1 to 'lug.prompt.add' (name: expected a name of letters, digits and _ . : -, got "my section")`);
    await expect(run('lug.prompt.add("x", 3)')).rejects.toThrow(/bad argument #2 to 'lug.prompt.add' \(text: expected string or function, got 3\)/);
  });
});

describe('lug.session.send', () => {
  it('hands the prompt to the front end that serves the inbox', async () => {
    s = setup();
    const got: string[] = [];
    s.host.inbox.serve((p) => void got.push(p));
    await run('lug.session.send("fix the tests")');
    expect(got).toEqual(['fix the tests']);
  });

  it('is an error when nothing takes prompts (lug --acp, init.lua loading)', async () => {
    s = setup();
    await expect(run('lug.session.send("hello")')).rejects.toThrow(/nothing takes prompts here: lug.session.send works in the interface and in lug -p/);
    await expect(run('lug.session.send("  ")')).rejects.toThrow(`bad argument #1 to 'lug.session.send' (prompt: expected a non-empty prompt, got "  ")`);
  });
});

describe('lug.session.state', () => {
  it('sets, reads and removes a value kept in the host state', async () => {
    s = setup();
    await run('lug.session.state("todo", { { text = "a", state = "done" } })');
    expect(s.host.state.get('todo')).toEqual([{ text: 'a', state: 'done' }]);
    expect(await run('local t = lug.session.state("todo") return t[1].text, lug.session.state("none")')).toEqual(['a', undefined]);
    await run('lug.session.state("todo", nil)');
    expect(s.host.state.get('todo')).toBeUndefined();
  });

  it('refuses a key it could not store', async () => {
    s = setup();
    await expect(run('lug.session.state("a b", 1)')).rejects.toThrow(/bad argument #1 to 'lug.session.state' \(key: expected a key of 1 to 100 letters/);
  });
});
