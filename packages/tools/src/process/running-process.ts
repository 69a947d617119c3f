/**
 * One started process until its result is ready: its output read into
 * rolling buffers (and handed to `onOutput`), its timeout and cancel, its
 * kill, its exit (or the sandbox supervisor's report of it), and the result.
 */
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { killLoneProcess, killProcesses } from './kill-group.js';
import { ofCall, type Mark } from './process-marker.js';
import { processTable } from './process-table.js';
import type { OutputStream, ProcessHandle, ProcessOptions, ProcessResult } from './process-types.js';
import { TailBuffer } from './tail-buffer.js';
import { readSupervisorReport, sandboxReport, sandboxStartFailure, type SupervisorReport } from '../sandbox/supervisor-status.js';
import type { WrappedCommand } from '../sandbox/wrap-command.js';

export const DEFAULT_TIMEOUT_SECS = 120;
export const DEFAULT_MAX_BYTES = 30_000;
const DEFAULT_KILL_GRACE_MS = 2000;
const DEFAULT_STREAM_GRACE_MS = 200;

interface Subprocess {
  stdout: Readable | null;
  stderr: Readable | null;
  stdio: ReadonlyArray<unknown>;
  exitCode: number | null;
  signalCode: NodeJS.Signals | null;
  unref(): void;
  kill(signal: NodeJS.Signals): boolean;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

/** The state of one started process, until its result is ready. */
export class RunningProcess {
  private readonly out: TailBuffer;
  private readonly err: TailBuffer;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private timedOut = false;
  private cancelled = false;
  private killing: Promise<void> | undefined;
  private killedAt: number | undefined;
  private listenerError: unknown;
  /** The sandbox's supervisor reported how the command ended (the launcher may still run, holding background jobs). */
  private reported: SupervisorReport | undefined;
  private readonly result: Promise<ProcessResult>;
  /** Resolves when the process has exited (and been reaped). */
  private readonly exited: Promise<void>;

  constructor(
    private readonly pid: number,
    private readonly mark: Mark,
    private readonly sub: Subprocess,
    private readonly opts: ProcessOptions,
    private readonly started: number,
    private readonly wrapped: WrappedCommand | undefined,
    /** It runs in lug's group and starts no processes (ProcessOptions.startsNoProcesses): signalled alone, through its handle. */
    private readonly lone: boolean,
  ) {
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    this.out = new TailBuffer(maxBytes);
    this.err = new TailBuffer(maxBytes);
    this.exited = new Promise((resolve) => sub.on('exit', () => resolve()));
    this.result = this.run(sub);
  }

  handle(): ProcessHandle {
    return { pid: this.pid, wait: () => this.result, kill: () => this.kill() };
  }

  private kill(): Promise<void> {
    this.killedAt ??= Date.now();
    const graceMs = this.opts.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    this.killing ??= this.lone
      ? killLoneProcess((signal) => this.sub.kill(signal), this.exited, graceMs)
      : killProcesses({ groups: [this.pid], marked: ofCall(this.mark) }, graceMs);
    return this.killing;
  }

  private async run(sub: Subprocess): Promise<ProcessResult> {
    const stopTimers = this.armTimeoutAndAbort();
    const streamsDone = Promise.all([
      this.drain(sub.stdout, this.out, 'stdout'),
      this.drain(sub.stderr, this.err, 'stderr'),
    ]);
    const status = this.wrapped?.statusOnFd3 ? (sub.stdio[3] as Readable | undefined) : undefined;
    await this.waitForExit(sub, status);
    // A background child may hold the pipes open for hours: read on only briefly.
    const graceTimer = setTimeout(() => {
      sub.stdout?.destroy();
      sub.stderr?.destroy();
    }, this.opts.streamGraceMs ?? DEFAULT_STREAM_GRACE_MS);
    await streamsDone;
    clearTimeout(graceTimer);
    status?.destroy();
    // The sandbox's launcher still running holds background jobs: like an orphaned job unsandboxed, it must not keep lug alive (exit cleanup ends it).
    if (this.reported !== undefined && sub.exitCode === null && sub.signalCode === null) sub.unref();
    stopTimers();
    // Once lug has decided to kill the group, the call is over only when the group is gone.
    if (this.killing) await this.killing;
    const durationMs = Date.now() - this.started;
    // bwrap gone means its PID namespace is gone (--die-with-parent): nothing of the call can still run.
    const leaderGone = sub.exitCode !== null || sub.signalCode !== null;
    const namespaceEnded = !!this.wrapped?.statusOnFd3 && leaderGone;
    // A program that starts no processes has left nothing behind once it has exited: no look at /proc.
    const alone = this.lone && leaderGone;
    processTable.finish(this.pid, { ended: namespaceEnded || alone });
    if (this.listenerError !== undefined) throw this.listenerError;
    return this.buildResult(durationMs);
  }

  /** Resolves when the process has exited, or shortly after the sandbox's supervisor has reported how the command ended. */
  private waitForExit(sub: Subprocess, status: Readable | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      sub.on('exit', (code, signal) => {
        // The sandbox is gone with its launcher, background jobs and all: what it held for the call can go.
        this.wrapped?.release();
        this.exit ??= { code, signal };
        resolve();
      });
      // The supervisor's status line ends the call (after a short wait for bwrap, which usually exits at once);
      // a bwrap still running holds background jobs, and the call is listed as background like any other.
      if (status)
        readSupervisorReport(status, (report) => {
          this.reported = report;
          this.exit ??= { code: report.code, signal: report.signal };
          setTimeout(resolve, this.opts.streamGraceMs ?? DEFAULT_STREAM_GRACE_MS).unref();
        });
    });
  }

  /** The call's result from its output and how it ended; throws the sandbox's failure to start. */
  private buildResult(durationMs: number): ProcessResult {
    const stdout = this.out.text();
    const stderr = this.err.text();
    const failedToStart = this.wrapped?.statusOnFd3 && this.reported === undefined && !this.killing ? sandboxStartFailure(stderr.text) : undefined;
    if (failedToStart) throw failedToStart;
    return {
      pid: this.pid,
      code: this.exit?.code ?? null,
      signal: this.exit?.signal ?? null,
      stdout: stdout.text,
      stderr: stderr.text,
      killed: this.killing !== undefined,
      timedOut: this.timedOut,
      cancelled: this.cancelled,
      durationMs,
      killedAfterMs: this.killedAt === undefined ? null : this.killedAt - this.started,
      stdoutCutBytes: stdout.cutBytes,
      stderrCutBytes: stderr.cutBytes,
      ...(this.opts.sandbox ? { sandbox: sandboxReport(this.opts.sandbox, this.exit?.code, stdout.text, stderr.text, this.opts.cwd ?? process.cwd(), this.reported) } : {}),
    };
  }

  private armTimeoutAndAbort(): () => void {
    const secs = this.opts.timeoutSecs ?? DEFAULT_TIMEOUT_SECS;
    const timer =
      secs > 0 && Number.isFinite(secs)
        ? setTimeout(() => {
            this.timedOut = true;
            void this.kill();
          }, secs * 1000)
        : undefined;
    const signal = this.opts.signal;
    const onAbort = () => {
      this.cancelled = true;
      void this.kill();
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    return () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
  }

  /** A listener that throws stops the process and fails the call, once. */
  private deliver(onOutput: NonNullable<ProcessOptions['onOutput']>, text: string, name: OutputStream): void {
    if (!text || this.listenerError !== undefined) return;
    try {
      onOutput(text, name);
    } catch (err) {
      this.listenerError = err;
      void this.kill();
    }
  }

  private drain(stream: Readable | null, tail: TailBuffer, name: OutputStream): Promise<void> {
    if (!stream) return Promise.resolve();
    const onOutput = this.opts.onOutput;
    const decoder = onOutput ? new StringDecoder('utf8') : undefined;
    return new Promise((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        tail.push(chunk);
        if (decoder) this.deliver(onOutput!, decoder.write(chunk), name);
      });
      stream.on('error', () => undefined);
      stream.on('close', () => {
        if (decoder) this.deliver(onOutput!, decoder.end(), name);
        resolve();
      });
    });
  }
}
