/**
 * How lug ends on SIGTERM and SIGHUP (a supervisor or `kill` stopping it, its
 * terminal closed): the running turn is cancelled first, as Ctrl-C cancels it,
 * so that the prompt and the answer so far are saved (`lug --continue` goes on
 * from them; a first prompt's session would otherwise not exist at all, though
 * stream-json had printed its id) and the turn's checkpoint is complete; then
 * lug ends by the signal, as a program stopped so does (a shell sees 143 or
 * 129). A turn still running GRACE_MS after the signal (a tool that ignores
 * its TERM, a Lua rule that loops) no longer holds lug: it ends by the signal
 * where it is, as before. A second signal does not wait.
 *
 * Ending by the signal goes through whoever listens to it besides us: the
 * exit clean-up (@lug/tools' exit-cleanup.ts, through signal-exit) kills what
 * lug started and then raises the signal again, so the process dies of it.
 */

/** How long a cancelled turn may take to end before the signal ends lug anyway. */
export const GRACE_MS = 3000;

const SIGNALS = ['SIGTERM', 'SIGHUP'] as const;
type EndingSignal = (typeof SIGNALS)[number];

export interface SignalEnding {
  /** The signal that came, if one did: the caller ends by it (`endByIt`) once the turn's end is saved. */
  readonly received: EndingSignal | undefined;
  /** Stop listening (the run is over without a signal). */
  stop(): void;
  /** End the process by the signal that came; never settles (the process is gone first). */
  endByIt(): Promise<never>;
}

/**
 * Listen for SIGTERM and SIGHUP: `cancel` is called at the first (with the
 * signal), and the caller, once its turn has ended and is saved, calls
 * `endByIt`. If it has not by `graceMs`, or a second signal comes, the
 * signal ends lug then; and at once when `cancel` says there was no turn to
 * wait for (returns false) or throws.
 */
export function endTurnOnSignals(cancel: (signal: EndingSignal) => boolean | void, graceMs = GRACE_MS): SignalEnding {
  let received: EndingSignal | undefined;
  let grace: NodeJS.Timeout | undefined;
  const stop = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
    clearTimeout(grace);
  };
  const raise = (signal: EndingSignal): Promise<never> => {
    stop();
    process.kill(process.pid, signal);
    // The signal is handled on the event loop's next turn: hold the loop until it is.
    return new Promise<never>(() => setTimeout(() => undefined, 60_000));
  };
  function onSignal(signal: EndingSignal): void {
    if (received) return void raise(signal);
    received = signal;
    grace = setTimeout(() => void raise(signal), graceMs);
    let waits: boolean | void;
    try {
      waits = cancel(signal);
    } catch {
      waits = false;
    }
    if (waits === false) void raise(signal);
  }
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return {
    get received() {
      return received;
    },
    stop,
    endByIt: () => raise(received ?? 'SIGTERM'),
  };
}

/** What saveTurnsOnSignals needs of a composed lug (compose.ts's Lug). */
export interface TurnOwner {
  session: { readonly running: boolean; cancel(): void };
  host: { events: { on(event: 'turn_end', fn: () => void): () => void } };
  checkpoints: { flush(): Promise<unknown> };
}

/**
 * For a front end whose turns run on their own (the interface; `--acp`'s
 * sessions): at SIGTERM or SIGHUP every running turn of `lugs` is cancelled,
 * and once each has ended and its checkpoint is written, lug ends by the
 * signal; with no turn running, at once. Frames or messages written to a
 * standard output that has gone meanwhile (a closed terminal, an editor's
 * pipe) are dropped rather than an error that ends lug first.
 */
export function saveTurnsOnSignals(lugs: Iterable<TurnOwner>): SignalEnding {
  const signals = endTurnOnSignals(() => {
    process.stdout.on('error', () => undefined);
    const running = [...lugs].filter((lug) => lug.session.running);
    if (!running.length) return false;
    const ended = running.map(
      (lug) =>
        new Promise<void>((resolve) => {
          const off = lug.host.events.on('turn_end', () => {
            off();
            resolve();
          });
        }),
    );
    for (const lug of running) lug.session.cancel();
    void Promise.all(ended)
      .then(() => Promise.all(running.map((lug) => lug.checkpoints.flush())))
      .finally(() => signals.endByIt());
    return true;
  });
  return signals;
}
