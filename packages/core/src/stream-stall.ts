/**
 * A model's answer that stops coming without ending: a connection that went
 * quiet (a laptop's network changed, a proxy dropped it without a reset, a
 * server stuck mid-answer) leaves the SDK waiting for bytes that never come,
 * and the turn with it, for ever: the SDKs' own timeouts (10 minutes) end at
 * the response's headers, not while its body streams.
 *
 * `stallGuarded` gives each attempt a signal of its own and a watch: once
 * `idleMs` pass without an event (from the request's start to the first, or
 * between two), the attempt's request is aborted and its stream fails with a
 * `connection` ProviderError that names the wait and the option. Inside
 * streamWithRetries that is what a dropped connection is: tried again when
 * nothing of the answer had come, the answer cut (and the turn saying so)
 * when some had.
 */
import { ProviderError, type ProviderContext, type ProviderEvent } from './provider.js';

/** How long an answer may go without an event before it is given up (lug.opt.stream_idle_timeout's default, in seconds). */
export const DEFAULT_STREAM_IDLE_SECONDS = 300;

/** The option that sets it. */
export const STREAM_IDLE_OPTION = 'stream_idle_timeout';

/**
 * The wait of a provider's request, in milliseconds (undefined: no watch): `explicitMs` when its maker gave one
 * (ProviderClientOptions.idleTimeoutMs; 0 for none), else lug.opt.stream_idle_timeout read through `context`
 * now (seconds; 0 for none), else the default.
 */
export function streamIdleMs(explicitMs: number | undefined, context: ProviderContext | undefined): number | undefined {
  if (explicitMs !== undefined) return explicitMs > 0 ? explicitMs : undefined;
  const seconds = context?.option(STREAM_IDLE_OPTION);
  const s = typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_STREAM_IDLE_SECONDS;
  return s === 0 ? undefined : s * 1000;
}

function stalledError(idleMs: number, started: boolean): ProviderError {
  const wait = idleMs >= 1000 ? `${Math.round(idleMs / 100) / 10} s` : `${idleMs} ms`;
  const what = started ? 'the model sent nothing more' : 'the model sent nothing';
  return new ProviderError(`${what} for ${wait}: the connection is taken as lost (lug.opt.${STREAM_IDLE_OPTION} sets the wait; 0 waits for ever)`, 'connection');
}

/**
 * `open` as streamWithRetries opens an attempt, each attempt watched: its
 * request gets a signal that aborts with `signal` and when `idleMs` pass
 * without an event, and then its stream fails (stalledError). `idleMs`
 * undefined: `open` with `signal`, unwatched.
 */
export function stallGuarded(
  open: (signal: AbortSignal) => AsyncIterable<ProviderEvent>,
  signal: AbortSignal,
  idleMs: number | undefined,
): () => AsyncIterable<ProviderEvent> {
  if (idleMs === undefined) return () => open(signal);
  return () => watched(open, signal, idleMs);
}

async function* watched(open: (signal: AbortSignal) => AsyncIterable<ProviderEvent>, signal: AbortSignal, idleMs: number): AsyncIterable<ProviderEvent> {
  const attempt = new AbortController();
  const onAbort = () => attempt.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const events = open(attempt.signal)[Symbol.asyncIterator]();
  let started = false;
  let ended = false;
  // One timer for the whole answer, set going again at each wait for an event (an answer streams thousands); it
  // counts only while an event is waited for, not while the reader has one (a fired timer is made to wait again).
  let waiting = false;
  let stall!: () => void;
  const stalled = new Promise<'stalled'>((resolve) => (stall = () => resolve('stalled')));
  const timer = setTimeout(() => waiting && stall(), idleMs);
  try {
    for (;;) {
      timer.refresh();
      waiting = true;
      const next = await Promise.race([events.next(), stalled]);
      waiting = false;
      if (next === 'stalled') {
        // The request goes (its socket closed); whatever its stream then throws is not waited for.
        attempt.abort(stalledError(idleMs, started));
        throw stalledError(idleMs, started);
      }
      if (next.done) {
        ended = true;
        return;
      }
      started = true;
      yield next.value;
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    // Stalled, or left early by its reader: the attempt's stream is closed (its request's socket goes with it).
    if (!ended) void Promise.resolve(events.return?.()).catch(() => {});
  }
}
