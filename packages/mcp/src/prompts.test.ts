/** A server's prompts as :commands: arguments by name or in order, checked, and the prompt's text sent as the user's prompt. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LugEvent } from '@lug/core';
import { promptArguments, promptText, splitWords } from './mcp-prompt.js';
import { configured, everythingServer, MISBEHAVING, mcpTestHost } from './test-support/mcp-test-host.js';

const submitted: string[] = [];
const t = mcpTestHost(process.cwd(), [configured('everything', { command: everythingServer() }), configured('bad', { command: MISBEHAVING })], { submitPrompt: (text) => void submitted.push(text) });
const notices: string[] = [];
t.host.events.on('notify', (e: Extract<LugEvent, { type: 'notify' }>) => void notices.push(e.message));
beforeAll(() => t.manager.ready());
afterAll(() => t.close());

describe("a server's prompts", () => {
  it('are :commands named mcp__<server>__<prompt>, with their arguments in the description', () => {
    expect(t.host.commands.get('mcp__bad__review')?.desc).toBe('Review a file. — path=…');
    expect(t.host.commands.get('mcp__everything__args-prompt')?.desc).toBe('A prompt with two arguments, one required and one optional — city=… [state=…]');
    expect(t.host.commands.get('mcp__everything__args-prompt')?.source).toBe('mcp:everything');
  });

  it('send the prompt\'s text as the user\'s prompt, headed by where it came from', async () => {
    await t.host.commands.get('mcp__bad__review')!.run('src/a.ts');
    expect(submitted.at(-1)).toBe('[prompt review from the MCP server bad]\n\nPlease review src/a.ts.');
    await t.host.commands.get('mcp__everything__args-prompt')!.run('state=Ohio city="New York"');
    expect(submitted.at(-1)).toMatch(/^\[prompt args-prompt from the MCP server everything\]\n\n.*New York.*Ohio/s);
  });

  it('say which arguments are missing or too many, and send nothing', async () => {
    const before = submitted.length;
    await t.host.commands.get('mcp__bad__review')!.run('');
    expect(notices.at(-1)).toBe(':mcp__bad__review: missing path; the prompt takes path=…');
    await t.host.commands.get('mcp__bad__review')!.run('a b');
    expect(notices.at(-1)).toBe(':mcp__bad__review: too many arguments: "b"; the prompt takes path=…');
    expect(submitted.length).toBe(before);
  });

  it('complete the argument names', () => {
    expect(t.host.commands.get('mcp__everything__args-prompt')!.complete!('city=Paris s')).toEqual(['city=Paris state=']);
  });
});

describe('prompt arguments', () => {
  it('send a text holding half a surrogate pair as valid Unicode (the provider would refuse every request after it)', () => {
    const text = promptText('srv', 'p', { messages: [{ role: 'user', content: { type: 'text', text: 'half \ud800 a pair, a whole one 😀' } }] });
    expect(text).toBe('[prompt p from the MCP server srv]\n\nhalf \ufffd a pair, a whole one 😀');
  });

  it('split on spaces, with quotes holding spaces', () => {
    expect(splitWords(`a "b c" name='d e' f=g`)).toEqual(['a', 'b c', 'name=d e', 'f=g']);
  });

  it('fill the named ones, then the rest in order', () => {
    const prompt = { name: 'p', arguments: [{ name: 'a', required: true }, { name: 'b' }] };
    expect(promptArguments(prompt, 'b=2 one')).toEqual({ a: 'one', b: '2' });
    expect(promptArguments(prompt, 'x=y')).toEqual({ a: 'x=y' });
  });
});
