/**
 * The behaviour every lug Provider owes the agent loop, whatever its wire
 * format, as a vitest suite run against the scripted server: text and tool
 * calls streamed as events, bounded retries before the answer began, a cut
 * after it began reported (not retried), cancellation, an answer that goes
 * quiet given up (ProviderClientOptions.idleTimeoutMs), and a `warm()` (if
 * the provider has one) that never leaves the machine nor sends the key.
 *
 *     import { describeProviderContract } from '@lug/testing/provider-contract';
 *     describeProviderContract({
 *       create: (server, retry, options) => createMyProvider({ baseURL: server.openaiBaseUrl, apiKey: 'k', retry, ...options }),
 *       serverName: 'the OpenAI-compatible server',
 *       serverErrorType: 'server_error',
 *       eventsBeforeText: 0,
 *     });
 */
import { DEFAULT_RETRY, ProviderError, type Message, type Provider, type RetryPolicy } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { FAST_RETRY, collectStream, eventsOfType, modelRequest, textOf } from './provider-kit.js';
import { cut, delay, hangUp, httpError, text, toolCall, turn } from './scenario.js';
import { toolResultsOf } from './request-contents.js';
import { scriptedServers, type ScriptedServer, type ScriptedServers } from './scripted-server.js';
import { watchFetch } from './watch-fetch.js';

/** The key a contract's provider is made with (`create`), which its warm-up must never send. */
export const CONTRACT_KEY = 'test-key';

export interface ProviderContract {
  /**
   * The provider under test, talking to `server` in its wire format, retrying by `retry`, with the key
   * CONTRACT_KEY if it takes one, and `idleTimeoutMs` (ProviderClientOptions) when given.
   */
  create(server: ScriptedServer, retry: RetryPolicy, options?: { idleTimeoutMs?: number }): Provider;
  /** How the provider's errors name the server: "Anthropic", "the OpenAI-compatible server". */
  serverName: string;
  /** The error type the wire format gives a 500 ("api_error", "server_error"), as the retry event names it. */
  serverErrorType: string;
  /** How many stream events the wire format sends before the first text (a cut there is retried). */
  eventsBeforeText: number;
}

/** What each group of the contract's tests uses: the contract, the test's servers (closed after each test), the provider made to retry fast. */
interface ContractRun {
  contract: ProviderContract;
  servers: ScriptedServers;
  provider(server: ScriptedServer): Provider;
}

export function describeProviderContract(contract: ProviderContract): void {
  const servers = scriptedServers();
  afterEach(() => servers.closeAll());
  const run: ContractRun = { contract, servers, provider: (s) => contract.create(s, FAST_RETRY) };
  describeStreaming(run);
  describeRetries(run);
  describeCutAfterText(run);
  describeCancel(run);
  describeStall(run);
  describeWarmUp(run);
}

/** Text and tool calls streamed as events, usage and the stop reason, a multi-turn exchange. */
function describeStreaming({ servers, provider }: ContractRun): void {
  describe('the provider contract: streaming an answer', () => {
    it('passes text on as it streams, then usage and the stop reason', async () => {
      const s = await servers.start([turn(text(['Hel', 'lo ', 'world']), { usage: { inputTokens: 11, outputTokens: 3 } })]);
      const { events, error } = await collectStream(provider(s));
      expect(error).toBeUndefined();
      expect(events).toEqual([
        { type: 'text_delta', text: 'Hel' },
        { type: 'text_delta', text: 'lo ' },
        { type: 'text_delta', text: 'world' },
        { type: 'usage', usage: { inputTokens: 11, outputTokens: 3 } },
        { type: 'stop', reason: 'end_turn' },
      ]);
    });

    it('emits one tool_call per call, several in one message, with the fragmented arguments joined', async () => {
      const s = await servers.start([
        turn(text('Reading both.'), toolCall('read', { path: 'a.txt' }, { id: 'call_1', fragments: 4 }), toolCall('read', { path: 'b/c.txt' }, { id: 'call_2' })),
      ]);
      const { events, error } = await collectStream(provider(s));
      expect(error).toBeUndefined();
      expect(textOf(events)).toBe('Reading both.');
      expect(eventsOfType(events, 'tool_call')).toEqual([
        { type: 'tool_call', id: 'call_1', name: 'read', argsText: '{"path":"a.txt"}' },
        { type: 'tool_call', id: 'call_2', name: 'read', argsText: '{"path":"b/c.txt"}' },
      ]);
      expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'stop']);
      expect(events.at(-1)).toEqual({ type: 'stop', reason: 'tool_use' });
    });

    it('passes invalid argument text on exactly as the model sent it', async () => {
      const s = await servers.start([toolCall('read', undefined, { id: 't', argsText: '{"path": "a', fragments: ['{"pa', 'th": "a'] })]);
      const { events } = await collectStream(provider(s));
      expect(eventsOfType(events, 'tool_call')[0]!.argsText).toBe('{"path": "a');
    });

    it('reports an answer cut by the token limit as the stop reason max_tokens', async () => {
      const s = await servers.start([turn(text('cut sho'), { stop: 'max_tokens' })]);
      expect((await collectStream(provider(s))).events.at(-1)).toEqual({ type: 'stop', reason: 'max_tokens' });
    });

    it('runs a multi-turn exchange: tool call, results, final answer', async () => {
      const s = await servers.start([turn(toolCall('read', { path: 'a' }, { id: 'call_9' })), text('It says alpha.')]);
      const p = provider(s);
      const first = await collectStream(p, modelRequest({ messages: [{ role: 'user', content: 'what is in a?' }] }));
      const call = eventsOfType(first.events, 'tool_call')[0]!;
      const messages: Message[] = [
        { role: 'user', content: 'what is in a?' },
        { role: 'assistant', content: [{ type: 'tool_call', id: call.id, name: call.name, argsText: call.argsText }] },
        { role: 'tool', results: [{ type: 'tool_result', callId: call.id, name: 'read', content: 'alpha', isError: false }] },
      ];
      const second = await collectStream(p, modelRequest({ messages }));
      expect(textOf(second.events)).toBe('It says alpha.');
      expect(toolResultsOf(s.modelRequests()[1]!)).toEqual([{ id: 'call_9', content: 'alpha' }]);
    });
  });
}

/** Bounded retries of what failed before the answer began. */
function describeRetries({ contract, servers, provider }: ContractRun): void {
  describe('the provider contract: retries', () => {
    it('retries a 500 twice, then succeeds', async () => {
      const s = await servers.start([httpError(500), httpError(500), text('Fine now.')]);
      const { events, error } = await collectStream(provider(s));
      expect(error).toBeUndefined();
      expect(s.modelRequests()).toHaveLength(3);
      expect(eventsOfType(events, 'retry').map((e) => e.attempt)).toEqual([1, 2]);
      expect(eventsOfType(events, 'retry')[0]!.error).toContain(`500 ${contract.serverErrorType}`);
      expect(textOf(events)).toBe('Fine now.');
    });

    it('retries a connection dropped before the answer began', async () => {
      const s = await servers.start([hangUp(), cut(text('never shown'), { afterEvents: contract.eventsBeforeText }), text('ok')]);
      const { events, error } = await collectStream(provider(s));
      expect(error).toBeUndefined();
      expect(textOf(events)).toBe('ok');
      expect(s.modelRequests()).toHaveLength(3);
    });

    it('asks once when the server asks to wait longer than lug waits on its own (the default policy), saying how long', async () => {
      const s = await servers.start([httpError(429, { retryAfter: 7200 }), text('unused')]);
      const { events, error } = await collectStream(contract.create(s, DEFAULT_RETRY));
      expect(eventsOfType(events, 'retry')).toEqual([]);
      expect(error!.kind).toBe('rate_limit');
      expect(error!.message).toMatch(/\(the server asks to wait 2 h before another try, longer than lug waits on its own: try again then\)$/);
      expect(s.modelRequests()).toHaveLength(1);
    });

    it('gives up after the bounded number of retries, saying so', async () => {
      const s = await servers.start([httpError(503), httpError(502), httpError(503), httpError(502)]);
      const { error } = await collectStream(provider(s));
      expect(error).toBeInstanceOf(ProviderError);
      expect(error!.kind).toBe('server');
      expect(error!.message).toMatch(/gave up after 4 attempts/);
      expect(s.modelRequests()).toHaveLength(4);
    });
  });
}

/** A cut after the answer began: reported, not retried. */
function describeCutAfterText({ contract, servers, provider }: ContractRun): void {
  describe('the provider contract: a stream cut after text was shown', () => {
    it('is an error of kind "cut", not a silent retry', async () => {
      const s = await servers.start([cut(text(['Hello, ', 'wor'])), text('unused')]);
      const { events, error } = await collectStream(provider(s));
      expect(textOf(events)).toBe('Hello, wor');
      expect(error).toBeInstanceOf(ProviderError);
      expect(error!.kind).toBe('cut');
      expect(error!.message).toMatch(new RegExp(`^the model's answer was cut off: the connection to ${contract.serverName} broke`));
      expect(s.modelRequests()).toHaveLength(1);
    });
  });
}

/** Cancellation: mid-stream, between retries, before the request. */
function describeCancel({ contract, servers, provider }: ContractRun): void {
  describe('the provider contract: cancel', () => {
    it('stops the stream when the signal aborts', async () => {
      const s = await servers.start([turn(text(['one ', 'two ', 'three ', 'four']), { eventDelayMs: 150 })]);
      const { events, error } = await collectStream(provider(s), modelRequest(), { abortAfter: (e) => e.type === 'text_delta' });
      expect(error!.kind).toBe('cancelled');
      expect(textOf(events)).toBe('one ');
      await new Promise((r) => setTimeout(r, 50));
      expect(s.modelRequests()[0]!.disconnected).toBe(true);
    });

    it('stops waiting between retries when the signal aborts', async () => {
      const s = await servers.start([httpError(500, { retryAfter: 5 }), text('unused')]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const t0 = Date.now();
      const { error } = await collectStream(contract.create(s, DEFAULT_RETRY), modelRequest(), { signal: controller.signal });
      expect(error!.kind).toBe('cancelled');
      expect(Date.now() - t0).toBeLessThan(1000);
    });

    it('is cancelled at once when the signal was already aborted', async () => {
      const s = await servers.start([text('unused')]);
      const controller = new AbortController();
      controller.abort();
      const { error } = await collectStream(provider(s), modelRequest(), { signal: controller.signal });
      expect(error!.kind).toBe('cancelled');
    });
  });
}

/**
 * An answer that goes quiet (the connection lost without a reset): given up once `idleTimeoutMs` pass without an
 * event, tried again when nothing of the answer had come, cut and said when some had; its request closed either way.
 */
function describeStall({ contract, servers }: ContractRun): void {
  describe('the provider contract: an answer that goes quiet', () => {
    const quiet = (s: ScriptedServer) => contract.create(s, FAST_RETRY, { idleTimeoutMs: 300 });

    it('tries again when nothing came before the wait ran out', async () => {
      const s = await servers.start([delay(5_000, text('too late')), text('ok')]);
      const { events, error } = await collectStream(quiet(s));
      expect(error).toBeUndefined();
      expect(textOf(events)).toBe('ok');
      expect(eventsOfType(events, 'retry')[0]!.error).toBe('the model sent nothing for 300 ms: the connection is taken as lost (lug.opt.stream_idle_timeout sets the wait; 0 waits for ever)');
      await new Promise((r) => setTimeout(r, 50));
      expect(s.modelRequests()[0]!.disconnected).toBe(true);
    });

    it('cuts an answer that stops half-way, saying how long it waited, and sends nothing again', async () => {
      const s = await servers.start([cut(text(['Hello, ', 'wor']), { holdMs: 10_000 }), text('unused')]);
      const { events, error } = await collectStream(quiet(s));
      expect(textOf(events)).toBe('Hello, wor');
      expect(error).toBeInstanceOf(ProviderError);
      expect(error!.kind).toBe('cut');
      expect(error!.message).toBe("the model's answer was cut off: the model sent nothing more for 300 ms: the connection is taken as lost (lug.opt.stream_idle_timeout sets the wait; 0 waits for ever)");
      expect(s.modelRequests()).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 50));
      expect(s.modelRequests()[0]!.disconnected).toBe(true);
    });

    it('does not give up on an answer that takes longer than the wait, its events coming steadily', async () => {
      // Ten events or more, 60 ms apart: the whole answer takes twice the wait, no gap between two text events reaches it.
      const s = await servers.start([turn(text(['one ', 'two ', 'three ', 'four ', 'five ', 'six']), { eventDelayMs: 60 })]);
      const { events, error } = await collectStream(quiet(s));
      expect(error).toBeUndefined();
      expect(textOf(events)).toBe('one two three four five six');
    });
  });
}

/** A provider's warm(): whatever its wire, one rehearsal that never leaves the machine, never carries the key, and never fails its caller. */
function describeWarmUp({ servers, provider }: ContractRun): void {
  describe('the provider contract: warm()', () => {
    const warming = (s: ScriptedServer) => {
      const p = provider(s);
      if (!p.warm) return undefined;
      return p.warm.bind(p);
    };

    it('sends one request, with no real key, to a server of its own on the loopback, never to the configured server', async (ctx) => {
      const s = await servers.start([text('never asked')]);
      const warm = warming(s);
      if (!warm) return ctx.skip();
      const watch = watchFetch();
      try {
        await warm('warm-model');
      } finally {
        watch.restore();
      }
      expect(watch.seen).toEqual([{ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//), headers: expect.stringContaining('lug-warm-up') }]);
      expect(watch.seen[0]!.url.startsWith(s.anthropicBaseUrl)).toBe(false);
      expect(watch.seen[0]!.headers).not.toContain(CONTRACT_KEY);
      expect(s.modelRequests()).toEqual([]);
    });

    it('resolves when the request fails', async (ctx) => {
      const s = await servers.start([]);
      const warm = warming(s);
      if (!warm) return ctx.skip();
      const realFetch = globalThis.fetch;
      globalThis.fetch = async () => {
        throw new TypeError('fetch failed');
      };
      try {
        await expect(warm('warm-model')).resolves.toBeUndefined();
      } finally {
        globalThis.fetch = realFetch;
      }
    });
  });
}
