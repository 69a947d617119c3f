import { describe, expect, it } from 'vitest';
import { ProviderError, type ProviderEvent } from './provider.js';
import { streamWithRetries } from './retry.js';
import { DEFAULT_STREAM_IDLE_SECONDS, stallGuarded, streamIdleMs } from './stream-stall.js';

const FAST = { retries: 2, baseDelayMs: 1, maxDelayMs: 1 };
const text = (t: string): ProviderEvent => ({ type: 'text_delta', text: t });

/** An attempt's stream: `events`, then silence until its signal aborts, when it throws as an SDK does. */
function goesQuiet(events: ProviderEvent[], signals: AbortSignal[]) {
  return async function* (signal: AbortSignal): AsyncIterable<ProviderEvent> {
    signals.push(signal);
    yield* events;
    await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('Request was aborted.')), { once: true }));
  };
}

async function collect(stream: AsyncIterable<ProviderEvent>): Promise<{ events: ProviderEvent[]; error?: ProviderError }> {
  const events: ProviderEvent[] = [];
  try {
    for await (const e of stream) events.push(e);
    return { events };
  } catch (err) {
    return { events, error: err as ProviderError };
  }
}

describe('stallGuarded', () => {
  it('aborts the request of an answer that went quiet and cuts it, through streamWithRetries', async () => {
    const signals: AbortSignal[] = [];
    const outer = new AbortController();
    const { events, error } = await collect(streamWithRetries(stallGuarded(goesQuiet([text('Hel')], signals), outer.signal, 80), outer.signal, FAST));
    expect(events).toEqual([text('Hel')]);
    expect(error!.kind).toBe('cut');
    expect(error!.message).toBe("the model's answer was cut off: the model sent nothing more for 80 ms: the connection is taken as lost (lug.opt.stream_idle_timeout sets the wait; 0 waits for ever)");
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(outer.signal.aborted).toBe(false);
  });

  it('tries again, with a new signal, when nothing came', async () => {
    const signals: AbortSignal[] = [];
    const quietThenAnswer = async function* (signal: AbortSignal): AsyncIterable<ProviderEvent> {
      if (signals.length === 0) yield* goesQuiet([], signals)(signal);
      else {
        signals.push(signal);
        yield text('ok');
      }
    };
    const outer = new AbortController();
    const { events, error } = await collect(streamWithRetries(stallGuarded(quietThenAnswer, outer.signal, 80), outer.signal, FAST));
    expect(error).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['retry', 'text_delta']);
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
  });

  it('is a cancel, not a stall, when the user stops a quiet answer', async () => {
    const signals: AbortSignal[] = [];
    const outer = new AbortController();
    setTimeout(() => outer.abort(), 30);
    const { error } = await collect(streamWithRetries(stallGuarded(goesQuiet([text('a')], signals), outer.signal, 5_000), outer.signal, FAST));
    expect(error!.kind).toBe('cancelled');
    expect(signals[0]!.aborted).toBe(true);
  });

  it('counts only the server\'s silence, not a reader slower than the wait', async () => {
    const open = async function* (): AsyncIterable<ProviderEvent> {
      yield text('a');
      yield text('b');
    };
    const outer = new AbortController();
    const read: ProviderEvent[] = [];
    for await (const e of stallGuarded(open, outer.signal, 40)()) {
      read.push(e);
      await new Promise((r) => setTimeout(r, 120));
    }
    expect(read).toEqual([text('a'), text('b')]);
  });

  it('closes the attempt its reader leaves early, and leaves no timer behind', async () => {
    let closed = false;
    const open = async function* (): AsyncIterable<ProviderEvent> {
      try {
        yield text('a');
        yield text('b');
      } finally {
        closed = true;
      }
    };
    const outer = new AbortController();
    for await (const e of stallGuarded(open, outer.signal, 50)()) {
      expect(e).toEqual(text('a'));
      break;
    }
    expect(closed).toBe(true);
  });

  it('opens the stream with the caller\'s signal, unwatched, when there is no wait', async () => {
    const outer = new AbortController();
    let given: AbortSignal | undefined;
    const open = async function* (signal: AbortSignal): AsyncIterable<ProviderEvent> {
      given = signal;
      yield text('x');
    };
    await collect(stallGuarded(open, outer.signal, undefined)());
    expect(given).toBe(outer.signal);
  });
});

describe('streamIdleMs', () => {
  const context = (value: unknown) => ({ option: (name: string) => (name === 'stream_idle_timeout' ? value : undefined) });

  it("reads lug.opt.stream_idle_timeout's seconds per call, 0 for no wait", () => {
    expect(streamIdleMs(undefined, context(30))).toBe(30_000);
    expect(streamIdleMs(undefined, context(0))).toBeUndefined();
  });

  it('takes the default without the option, or with a value that is not a wait', () => {
    expect(streamIdleMs(undefined, undefined)).toBe(DEFAULT_STREAM_IDLE_SECONDS * 1000);
    expect(streamIdleMs(undefined, context('soon'))).toBe(DEFAULT_STREAM_IDLE_SECONDS * 1000);
    expect(streamIdleMs(undefined, context(-1))).toBe(DEFAULT_STREAM_IDLE_SECONDS * 1000);
  });

  it("puts the provider's maker's own wait over the option", () => {
    expect(streamIdleMs(1500, context(30))).toBe(1500);
    expect(streamIdleMs(0, context(30))).toBeUndefined();
  });
});
