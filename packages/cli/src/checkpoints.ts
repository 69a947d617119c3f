/**
 * File checkpoints wired to the host: once each turn's first request has
 * gone out and the model begun to answer (before_turn, then response_start)
 * the files' state is written to the shadow repository while the model
 * answers, and no tool call of the turn runs before it is written (a
 * tool_call hook waits for it); when the turn ends (turn_end), what it
 * changed.
 * Nothing here knows a tool: whatever changed the files (write, edit, bash,
 * a Lua tool, a build) is in the difference. The store opens on first use
 * (git's version is asked once then, not at start-up: each process started
 * holds the main thread a few ms); with no git on PATH, or
 * lug.opt.checkpoints false, turns run without checkpoints, said once.
 */
import { defineCheckpointOptions, openCheckpoints, type CheckpointStore } from '@lug/checkpoints';
import type { CheckpointInfo, Checkpoints, LugHost, RestoreOptions, RestoreResult } from '@lug/core';

/**
 * How long after the model starts answering the turn's checkpoint begins (at
 * the latest: a tool call or the end of the turn starts it at once). Not at
 * once: each of its git processes holds the main thread while it starts, and
 * begun at once they landed among the first answer's frames.
 */
export const CHECKPOINT_AFTER_RESPONSE_MS = 40;

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/** The checkpoints lug hands to the interface and Lua: the store once open, or the reason there is none. */
export class CheckpointSetup implements Checkpoints {
  /** The store once open, or why there is none; opened on first use. */
  private openedStore: Promise<CheckpointStore | string> | undefined;
  private readonly open: () => Promise<CheckpointStore | string>;
  /** The running turn's checkpoint. */
  private current: Promise<string | undefined> | undefined;
  /** Starts the running turn's checkpoint, until its first request has gone out. */
  private requestOut: (() => void) | undefined;
  /** The last turn's end being written (a headless run waits for it before it exits). */
  private ending: Promise<unknown> = Promise.resolve();
  private toldOff = false;

  constructor(
    private readonly host: LugHost,
    sessionId: () => string,
  ) {
    defineCheckpointOptions(host.options);
    const notify = (message: string, level: 'info' | 'warn' | 'error') => host.events.emit('notify', { message, level });
    this.open = () => openCheckpoints({
      cwd: host.cwd,
      env: host.env,
      maxFileSize: () => host.options.get<number>('checkpoint_max_file_size'),
      sessionId,
      onSkipped: (path, size) => notify(`${path} (${formatBytes(size)}) is larger than lug.opt.checkpoint_max_file_size: it is left out of checkpoints, so :undo and :rewind cannot bring it back`, 'warn'),
      onEvent: (action, checkpoint, files) => host.events.emit('checkpoint', { action, checkpoint, files }),
    }).then(
      (o) => o.store ?? o.off,
      (err: Error) => `checkpoints are off: ${err.message}`,
    );
    // The checkpoint's git processes (five; each start holds the main thread some 5 ms) begin once the
    // turn's first request is out and the model answering, and run while it answers.
    host.hooks.on(
      'before_turn',
      (input) => {
        const requestOut = new Promise<void>((resolve) => (this.requestOut = resolve));
        this.current = requestOut.then(() => this.begin(input.sessionId, input.turn, input.prompt));
      },
      'lug checkpoints',
    );
    // Not at request_start: the request is still being sent then (the HTTP client connects on a later
    // tick), and processes started meanwhile held it back (lug -p: ~10 ms to its first request). Nor at
    // response_start itself: in the interface's first turn, its git processes started among the answer's
    // first frames (~8 ms of the main thread in them; CHECKPOINT_AFTER_RESPONSE_MS).
    host.events.on('response_start', () => {
      // This turn's start only: by the time the timer fires, the turn may have ended (its end started it) and the next begun.
      const start = this.requestOut;
      if (start) setTimeout(() => this.requestOut === start && this.startCheckpoint(), CHECKPOINT_AFTER_RESPONSE_MS).unref();
    });
    // No tool runs before the turn's checkpoint is written; a tool called before any request (a Lua before_turn
    // hook running a subagent) starts it at once. begin never rejects: a failure is said and the turn goes on.
    host.hooks.on(
      'tool_call',
      async () => {
        this.startCheckpoint();
        await this.current;
      },
      'lug checkpoints',
    );
    host.events.on('turn_end', () => {
      // A turn that ended before asking the model (a before_request hook cancelled it) still gets its checkpoint.
      this.startCheckpoint();
      const current = this.current;
      this.current = undefined;
      if (current) this.ending = this.end(current);
    });
  }

  /** Start the running turn's checkpoint, if it is still waiting for its first request. */
  private startCheckpoint(): void {
    const start = this.requestOut;
    this.requestOut = undefined;
    start?.();
  }

  private opened(): Promise<CheckpointStore | string> {
    this.openedStore ??= this.open();
    return this.openedStore;
  }

  /** The store, or the reason there is none as an error. */
  private async store(): Promise<CheckpointStore> {
    const opened = await this.opened();
    if (typeof opened === 'string') throw new Error(opened);
    return opened;
  }

  private sayOff(reason: string): void {
    if (this.toldOff) return;
    this.toldOff = true;
    this.host.events.emit('notify', { message: reason, level: 'warn' });
  }

  private async begin(sessionId: string, turn: number, prompt: string): Promise<string | undefined> {
    if (this.host.options.get<boolean>('checkpoints') === false) return undefined;
    const opened = await this.opened();
    if (typeof opened === 'string') return void this.sayOff(opened);
    try {
      return await opened.beginTurn(sessionId, turn, prompt);
    } catch (err) {
      this.host.events.emit('error', { message: `no checkpoint before this turn (its changes cannot be undone): ${(err as Error).message}` });
      return undefined;
    }
  }

  private async end(current: Promise<string | undefined>): Promise<void> {
    const id = await current;
    if (!id) return;
    try {
      await (await this.store()).endTurn(id);
    } catch (err) {
      this.host.events.emit('error', { message: `the checkpoint of this turn's changes was not written: ${(err as Error).message}` });
    }
  }

  /** Wait for the last turn's checkpoint to be complete. */
  flush(): Promise<unknown> {
    return this.ending;
  }

  /** Run `work` on the store in the background once it is open, unless checkpoints are off; a failure is said (`failed`), never fatal. */
  private soon(failed: string, work: (store: CheckpointStore) => Promise<unknown>): void {
    void this.opened().then(async (store) => {
      if (typeof store === 'string' || this.host.options.get<boolean>('checkpoints') === false) return;
      try {
        await work(store);
      } catch (err) {
        this.host.events.emit('notify', { message: `${failed}: ${(err as Error).message}`, level: 'warn' });
      }
    });
  }

  /** Write the files' state in the background (the interface, after its first screen), so the first turn does not wait for every file to be hashed. */
  warmSoon(): void {
    this.soon("the files' first checkpoint failed", (store) => store.warm());
  }

  /** Prune by age and size in the background (a run that takes turns, once started: not `lug rewind`, `lug rules`, `lug mcp list`); a failure is said, never fatal. */
  pruneSoon(): void {
    this.soon('old checkpoints were not pruned', (store) => store.prune({ maxAgeDays: this.host.options.get<number>('checkpoint_max_age'), maxBytes: this.host.options.get<number>('checkpoint_max_size') }));
  }

  /** pruneSoon once the model begins its first answer (headless): the first request waits for no git process. */
  pruneAtFirstAnswer(): void {
    const stop = this.host.events.on('response_start', () => {
      stop();
      setImmediate(() => this.pruneSoon());
    });
  }

  async list(): Promise<CheckpointInfo[]> {
    return (await this.store()).list();
  }
  async restore(id: string, opts?: RestoreOptions): Promise<RestoreResult> {
    return (await this.store()).restore(id, opts);
  }
  async undo(opts?: RestoreOptions) {
    return (await this.store()).undo(opts);
  }
  async redo(opts?: RestoreOptions) {
    return (await this.store()).redo(opts);
  }
}
