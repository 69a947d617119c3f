import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@lug/core';
import { conversationJson, conversationMarkdown, lastAnswer } from './conversation-export.js';
import { osc52, parseExportArgs } from './export-commands.js';
import { KEY } from './test-support/ink.js';
import { cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';

afterEach(() => cleanupApps());

const messages: Message[] = [
  { role: 'user', content: 'what is in src?' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'List it first.', source: 'anthropic', signature: 's' },
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_call', id: 'c1', name: 'ls', argsText: '{"path":"src"}' },
    ],
  },
  { role: 'tool', results: [{ type: 'tool_result', callId: 'c1', name: 'ls', content: 'a.ts\n```odd```\n', isError: false }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Two files: **a.ts** and b.ts.' }] },
];
const session = { id: 'abc123', model: 'anthropic/claude-sonnet-5-5', messages, usage: { inputTokens: 10, outputTokens: 5 }, cost: 0.01 };

describe('the conversation as Markdown and JSON', () => {
  it('writes prompts, answers, folded reasoning, and calls with results in fences they cannot close', () => {
    const md = conversationMarkdown(session);
    expect(md).toContain('# lug conversation abc123');
    expect(md).toContain('## You\n\n> what is in src?');
    expect(md).toContain('<details><summary>reasoning</summary>\n\nList it first.');
    expect(md).toContain('Tool call: **ls**\n\n```json\n{"path":"src"}\n```');
    expect(md).toContain('Result:\n\n````\na.ts\n```odd```\n````');
    expect(md).toContain('Two files: **a.ts** and b.ts.');
  });

  it('writes JSON with the messages as stored', () => {
    const json = JSON.parse(conversationJson(session));
    expect(json).toMatchObject({ id: 'abc123', model: 'anthropic/claude-sonnet-5-5', cost_usd: 0.01 });
    expect(json.messages).toEqual(messages);
  });

  it("finds the last answer's text", () => {
    expect(lastAnswer(messages)).toBe('Two files: **a.ts** and b.ts.');
    expect(lastAnswer([{ role: 'user', content: 'x' }])).toBeUndefined();
  });

  it('reads :export arguments, refusing what it does not know', () => {
    expect(parseExportArgs('')).toEqual({ format: 'markdown', file: undefined });
    expect(parseExportArgs('--format json out.json')).toEqual({ format: 'json', file: 'out.json' });
    expect(() => parseExportArgs('--format yaml')).toThrow('--format takes markdown or json, got "yaml"');
    expect(() => parseExportArgs('a b')).toThrow(':export takes one file name');
  });
});

describe(':export and :copy', () => {
  it('writes the transcript to the file given, and never over an existing one', async () => {
    const t = mountApp();
    Object.assign(t.session, { messages });
    await t.type(':export notes/chat.md', KEY.enter);
    await waitFor(() => t.frame().includes('cannot write notes/chat.md: its directory does not exist'));
    // notes/ does not exist: the error says so and nothing is written.
    expect(fs.existsSync(path.join(t.dir, 'notes'))).toBe(false);
    await t.type(':export chat.md', KEY.enter);
    await waitFor(() => t.frame().includes('to chat.md'));
    expect(fs.readFileSync(path.join(t.dir, 'chat.md'), 'utf8')).toBe(conversationMarkdown({ ...session, id: t.session.id, model: t.session.modelName(), usage: t.session.usage, cost: undefined }));
    await t.type(':export chat.md', KEY.enter);
    await waitFor(() => t.frame().includes('chat.md exists already'));
  });

  it('writes JSON with --format json to lug-ID.json by default', async () => {
    const t = mountApp();
    Object.assign(t.session, { messages });
    await t.type(':export --format json', KEY.enter);
    const file = path.join(t.dir, `lug-${t.session.id}.json`);
    await waitFor(() => fs.existsSync(file));
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).messages).toEqual(messages);
  });

  it('copies the last answer through OSC 52', async () => {
    const t = mountApp();
    Object.assign(t.session, { messages });
    await t.type(':copy', KEY.enter);
    await waitFor(() => t.frame().includes('copied the last answer'));
    expect(t.frames.some((f) => f.includes(osc52('Two files: **a.ts** and b.ts.')))).toBe(true);
  });

  it('says so when there is nothing to export or copy', async () => {
    const t = mountApp();
    await t.type(':copy', KEY.enter);
    await waitFor(() => t.frame().includes('there is no answer to copy yet'));
    await t.type(':export', KEY.enter);
    await waitFor(() => t.frame().includes('there is nothing to export yet'));
  });
});
