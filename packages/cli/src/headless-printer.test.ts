import { describe, expect, it } from 'vitest';
import { allowAll, createHost, type CallInfo, type LugHost } from '@lug/core';
import { HeadlessPrinter } from './headless-printer.js';
import { snakeCase, wireFields } from './headless-wire.js';

/** A printer on a real host; `both` is stdout and stderr as they would interleave on one terminal. */
function printer(format: 'text' | 'stream-json') {
  const host: LugHost = createHost({ cwd: '/tmp', authorize: allowAll });
  const out = { stdout: '', stderr: '', both: '' };
  const p = new HeadlessPrinter(host, format, {
    stdout: (t) => {
      out.stdout += t;
      out.both += t;
    },
    stderr: (t) => {
      out.stderr += t;
      out.both += t;
    },
  });
  return { host, out, p };
}

const call: CallInfo = { id: 'c1', tool: 'read', args: { path: 'a.txt', maxLines: 3 }, argsText: '{"path":"a.txt","maxLines":3}' };

/** One assistant message streamed: its text in pieces, then the message, with a call to read unless `calls` is false. */
function message(host: LugHost, pieces: string[], calls = true) {
  for (const text of pieces) host.events.emit('text_delta', { text });
  const content = [{ type: 'text' as const, text: pieces.join('') }, ...(calls ? [{ type: 'tool_call' as const, id: 'c1', name: 'read', argsText: '{}' }] : [])];
  host.events.emit('assistant_message', { message: { role: 'assistant', content } });
}

function toolResult(host: LugHost) {
  host.events.emit('tool_result', { call, content: 'one\ntwo', isError: false, outcome: 'done', durationMs: 12, details: { kind: 'file_read', path: 'a.txt', firstLine: 1, linesShown: 2, totalLines: 2 } });
}

describe('HeadlessPrinter, text', () => {
  it('separates assistant messages with a blank line', () => {
    const { host, out } = printer('text');
    message(host, ['Let me look ', 'around first.']);
    toolResult(host);
    message(host, ['## Summary\n', 'All good.'], false);
    host.events.emit('turn_end', { reason: 'done', text: '' });
    expect(out.stdout).toBe('Let me look around first.\n\n## Summary\nAll good.\n');
  });

  it('adds no more newlines than a blank line when the text ends with some', () => {
    const { host, out } = printer('text');
    message(host, ['First.\n\n']);
    message(host, ['Second.\n'], false);
    host.events.emit('turn_end', { reason: 'done', text: '' });
    expect(out.stdout).toBe('First.\n\nSecond.\n');
  });

  it('keeps a paused answer\'s text together with its continuation: one message, no calls between', () => {
    const { host, out } = printer('text');
    message(host, ['Working through the list: first, '], false);
    message(host, ['then second.'], false);
    host.events.emit('turn_end', { reason: 'done', text: '' });
    expect(out.stdout).toBe('Working through the list: first, then second.\n');
  });

  it('starts every tool line and notice on a line of its own, stdout and stderr together', () => {
    const { host, out } = printer('text');
    message(host, ['Reading a.txt.']);
    toolResult(host);
    host.events.emit('text_delta', { text: 'Half a line' });
    host.events.emit('notify', { message: 'the model is deprecated', level: 'warn' });
    host.events.emit('text_delta', { text: ' more.' });
    host.events.emit('turn_end', { reason: 'done', text: '' });
    expect(out.stderr).toBe('• read a.txt — done · 2 lines\nlug: the model is deprecated\n');
    for (const line of out.stderr.trim().split('\n')) expect(out.both).toContain(`\n${line}\n`);
  });
});

describe('HeadlessPrinter, compaction', () => {
  it('says how many older messages the summary replaced, one as one', () => {
    const { host, out } = printer('text');
    const compacted = (replaced: number) => host.events.emit('after_compact', { reason: 'overflow', summary: 'S', replaced, kept: 2, tokensBefore: 5000, tokensAfter: 900, by: 'model' });
    compacted(1);
    compacted(2);
    expect(out.stderr).toBe('lug: compacted 1 older message into a summary (overflow; about 5000 → 900 tokens)\nlug: compacted 2 older messages into a summary (overflow; about 5000 → 900 tokens)\n');
  });
});

describe('HeadlessPrinter, denials', () => {
  it('says denied once on a call\'s line', () => {
    const { host, out } = printer('text');
    const write: CallInfo = { id: 'w1', tool: 'write', args: { path: 'x.txt' }, argsText: '{"path":"x.txt"}' };
    host.events.emit('tool_result', { call: write, content: 'denied: needs approval: run with --auto, or allow it with a rule', isError: true, outcome: 'denied', durationMs: 1 });
    host.events.emit('tool_result', { call: write, content: 'denied: denied by the user', isError: true, outcome: 'denied', durationMs: 1 });
    expect(out.stderr).toBe('• write x.txt — denied: needs approval: run with --auto, or allow it with a rule\n• write x.txt — denied by the user\n');
  });
});

describe('HeadlessPrinter, stream-json', () => {
  it('starts with session_start carrying the session id and the model', () => {
    const { host, out, p } = printer('stream-json');
    p.start({ sessionId: 's-1', model: 'anthropic/claude-sonnet-5-5', cwd: '/tmp', resumed: false });
    host.events.emit('turn_start', { prompt: 'go' });
    const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'session_start', session_id: 's-1', model: 'anthropic/claude-sonnet-5-5', cwd: '/tmp', resumed: false });
    expect(lines[1]).toEqual({ type: 'turn_start', prompt: 'go' });
  });

  it('names fields as json does, snake_case, and passes a call\'s arguments as the model wrote them', () => {
    const { host, out } = printer('stream-json');
    host.events.emit('usage', { usage: { inputTokens: 7, outputTokens: 3, cacheReadTokens: 1 }, total: { inputTokens: 7, outputTokens: 3 }, cost: 0.1, requestCost: 0.1 });
    toolResult(host);
    const [usage, result] = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(usage).toEqual({ type: 'usage', usage: { input_tokens: 7, output_tokens: 3, cache_read_tokens: 1 }, total: { input_tokens: 7, output_tokens: 3 }, cost: 0.1, request_cost: 0.1 });
    expect(result).toMatchObject({ type: 'tool_result', is_error: false, duration_ms: 12, details: { kind: 'file_read', first_line: 1, lines_shown: 2, total_lines: 2 } });
    expect(result.call).toEqual({ id: 'c1', tool: 'read', args: { path: 'a.txt', maxLines: 3 }, args_text: '{"path":"a.txt","maxLines":3}' });
  });
});

describe('wireFields', () => {
  it('snake_cases every field at any depth, arrays included, and keeps args and option values as they are', () => {
    expect(snakeCase('cacheWriteTokens')).toBe('cache_write_tokens');
    expect(wireFields({ sessionId: 'x', calls: [{ isError: true, args: { oldString: 'a' } }], change: { name: 'prices', value: { myModel: 1 }, previous: null } })).toEqual({
      session_id: 'x',
      calls: [{ is_error: true, args: { oldString: 'a' } }],
      change: { name: 'prices', value: { myModel: 1 }, previous: null },
    });
  });
});
