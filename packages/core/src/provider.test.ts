import { describe, expect, it } from 'vitest';
import { lazyClient, ProviderError, providerErrorKindOfStatus, retryAfterMsOf, type ProviderEvent } from './provider.js';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import { streamWithRetries } from './retry.js';

describe('providerErrorKindOfStatus', () => {
  it('maps HTTP statuses to the kinds that decide retrying', () => {
    const kinds = [400, 401, 403, 404, 408, 409, 429, 500, 502, 503, 529].map((s) => [s, providerErrorKindOfStatus(s)]);
    expect(Object.fromEntries(kinds)).toEqual({
      400: 'bad_request',
      401: 'auth',
      403: 'auth',
      404: 'bad_request',
      408: 'server',
      409: 'server',
      429: 'rate_limit',
      500: 'server',
      502: 'server',
      503: 'server',
      529: 'overloaded',
    });
  });
});

describe('retryAfterMsOf', () => {
  it('reads retry-after-ms, then retry-after in seconds or as an HTTP date', () => {
    expect(retryAfterMsOf(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMsOf(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterMsOf(new Headers({ 'retry-after': inTenSeconds }))).toBeGreaterThan(8000);
    expect(retryAfterMsOf(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMsOf(new Headers())).toBeUndefined();
    expect(retryAfterMsOf(undefined)).toBeUndefined();
  });
});

describe('lazyClient', () => {
  it('makes the client on first use, shares it, and tries again after a failure', async () => {
    let made = 0;
    const get = lazyClient(async () => {
      made++;
      if (made === 1) throw new Error('no SDK yet');
      return { n: made };
    });
    expect(made).toBe(0);
    await expect(get()).rejects.toThrow('no SDK yet');
    await new Promise((r) => setTimeout(r, 0));
    const client = await get();
    expect(client).toEqual({ n: 2 });
    expect(await get()).toBe(client);
    expect(made).toBe(2);
  });

  it('starts at once with preload, without an unhandled rejection when it fails', async () => {
    let made = 0;
    lazyClient(async () => {
      made++;
      throw new Error('offline');
    }, true);
    await new Promise((r) => setTimeout(r, 0));
    expect(made).toBe(1);
  });
});

describe('lazyClient with preload', () => {
  it('makes the client without compiling undici: the SDK decides what its requests run on', async () => {
    // A fresh process: this one's test runner has used fetch already. Strings, which a console in colour (FORCE_COLOR) prints plain.
    const { execFileSync } = await import('node:child_process');
    const loaded = "process.moduleLoadList.some((m) => m.includes('undici'))";
    const script = `import { lazyClient } from '@lug/core'; const before = ${loaded}; await lazyClient(async () => ({}), true)(); await new Promise((r) => setTimeout(r, 0)); console.log(String(before), String(${loaded}));`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe('false false');
  });
});

describe("a ProviderError's retryAfterMs", () => {
  it('is the wait streamWithRetries takes before the next attempt', async () => {
    let attempts = 0;
    const events: ProviderEvent[] = [];
    const open = async function* (): AsyncIterable<ProviderEvent> {
      if (++attempts === 1) throw new ProviderError('busy', 'rate_limit', 429, 7);
      yield { type: 'stop', reason: 'end_turn' };
    };
    for await (const e of streamWithRetries(open, new AbortController().signal, { retries: 2, baseDelayMs: 1000, maxDelayMs: 1000 })) events.push(e);
    expect(events[0]).toEqual({ type: 'retry', attempt: 1, delayMs: 7, error: 'busy' });
  });

  it('is honoured past the backoff cap, up to the default policy\'s minute', async () => {
    const open = async function* (): AsyncIterable<ProviderEvent> {
      throw new ProviderError('rate limited', 'rate_limit', 429, 30_000);
    };
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    await expect(async () => {
      for await (const e of streamWithRetries(open, controller.signal)) {
        events.push(e);
        controller.abort(); // the 30 s are not waited here
      }
    }).rejects.toThrow('cancelled by the user');
    // Before, the wait was cut to the backoff's 8 s: asked again too soon, four times, and the turn failed.
    expect(events).toEqual([{ type: 'retry', attempt: 1, delayMs: 30_000, error: 'rate limited' }]);
  });

  it('that is longer than lug waits on its own ends the tries at once, saying how long the server asked for', async () => {
    let attempts = 0;
    const open = async function* (): AsyncIterable<ProviderEvent> {
      attempts++;
      throw new ProviderError('daily quota used up', 'rate_limit', 429, 2 * 3600_000);
    };
    const events: ProviderEvent[] = [];
    let error: ProviderError | undefined;
    try {
      for await (const e of streamWithRetries(open, new AbortController().signal)) events.push(e);
    } catch (err) {
      error = err as ProviderError;
    }
    expect(events).toEqual([]);
    expect(attempts).toBe(1);
    expect(error!.kind).toBe('rate_limit');
    expect(error!.message).toBe('daily quota used up (the server asks to wait 2 h before another try, longer than lug waits on its own: try again then)');
  });
});

describe('the provider registry', () => {
  it("hands each factory the host's options, read when the provider asks", async () => {
    const host = createHost({ cwd: '/', authorize: allowAll });
    let seen: unknown[] = [];
    host.providers.register({
      name: 'p',
      create: (_env, context) => ({
        name: 'p',
        async *stream() {
          seen = [context?.option('openai_compat'), context?.option('no_such_option')];
          yield { type: 'stop', reason: 'end_turn' };
        },
      }),
    });
    const { provider } = await host.providers.resolve('p/m', {});
    host.options.set('openai_compat', { api: 'chat' });
    for await (const _ of provider.stream({ model: 'm', system: '', messages: [], tools: [], maxTokens: 1 }, new AbortController().signal));
    expect(seen).toEqual([{ api: 'chat' }, undefined]);
  });
});

describe('a protocol error', () => {
  it('is not retried: the same answer would be read again', () => {
    expect(new ProviderError('the server sent a chunk that is not JSON', 'protocol').retryable).toBe(false);
  });
});
