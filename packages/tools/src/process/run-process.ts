/**
 * The process runner behind bash, grep, `lug.proc.run` and `lug.proc.spawn`.
 *
 * Every process leads its own process group and carries its call's mark in
 * its environment (process-marker.ts), so a timeout, a cancel or `kill()`
 * reaches its children and grandchildren (TERM, then KILL after a grace),
 * also those that left the group or the session. Output is kept in rolling buffers holding the last `maxBytes` of
 * each stream, so memory stays flat however much a command prints. The call
 * ends shortly after the process itself exits, even when a background child
 * still holds the output pipe open; that child stays in the process table
 * until it dies or lug exits (the first spawn installs the exit cleanup, see
 * exit-cleanup.ts). With `sandbox`, the command runs in the OS sandbox
 * (sandbox/): behind bwrap, whose supervisor reports the exit status on fd 3.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import { childProcess } from '@lug/core';
import { installExitCleanup } from './exit-cleanup.js';
import { killLoneProcess, killProcesses } from './kill-group.js';
import { recordProcessesStarted } from '../leftovers/leftover-registry.js';
import { formatMark, MARK_VARIABLE, newMark, sameOwner, type Mark } from './process-marker.js';
import { processTable } from './process-table.js';
import { TailBuffer } from './tail-buffer.js';
import type { SandboxPolicy } from '../sandbox/sandbox-policy.js';
import { readSupervisorReport, sandboxReport, sandboxStartFailure, type SupervisorReport } from '../sandbox/supervisor-status.js';
import { wrapCommand, type WrappedCommand } from '../sandbox/wrap-command.js';

/** An argument list (no shell), or a command line for `/bin/bash -c`. */
export type ProcessCommand = readonly string[] | { shell: string };

export type OutputStream = 'stdout' | 'stderr';

export interface ProcessOptions {
  /** Working directory. Default: process.cwd(). */
  cwd?: string;
  /** Variables added to (or, with `undefined`, removed from) lug's environment. */
  env?: Record<string, string | undefined>;
  /** Seconds before the group is killed. Default 120; 0 or Infinity: no limit. */
  timeoutSecs?: number;
  /** Standard input. Default: empty. */
  stdin?: string | Uint8Array;
  /** Keep standard input open, written through the handle's `stdin` (a protocol spoken with the process); `stdin` is then ignored. */
  openStdin?: boolean;
  /** Listed in `processTable` as background from the start, not as a running call (a server that runs beside the session). */
  background?: boolean;
  /** Aborting kills the group (a cancelled turn). */
  signal?: AbortSignal;
  /** Bytes of each stream kept, from its end. Default 30,000. */
  maxBytes?: number;
  /** Every chunk of output as it arrives, decoded as UTF-8 (never split inside a character). */
  onOutput?(text: string, stream: OutputStream): void;
  /** Between TERM and KILL. Default 2,000 ms. */
  killGraceMs?: number;
  /** How long after the process exits its output pipes are still read. Default 200 ms. */
  streamGraceMs?: number;
  /**
   * Run it in the OS sandbox under this policy (sandbox/): null or absent runs it
   * unsandboxed. A sandbox that cannot start makes the call fail with a
   * SandboxError, never run unsandboxed.
   */
  sandbox?: SandboxPolicy | null;
  /**
   * The program starts no processes of its own (ripgrep as lug runs it: no
   * config, no preprocessor, no decompression). It then stays in lug's session
   * and process group, and a kill signals it alone (through its handle, which
   * never signals a reaped pid) and waits for its exit, without searching /proc
   * for processes that left the group: that search reads every process's
   * environment, 20–40 ms on a busy machine, and a grep whose output is full
   * kills ripgrep at every call (tools/bench/first-call.mjs). Its own session
   * would buy nothing without children, and costs: where the kernel groups CPU
   * time by session (Linux's autogroup), a new session's ripgrep searched up to
   * 2.4× slower beside other sessions' busy processes (README, "startsNoProcesses").
   * Ignored in the sandbox.
   */
  startsNoProcesses?: boolean;
}

export interface ProcessResult {
  /** The process's pid, which is also its process group id; -1 when nothing was started. */
  pid: number;
  /** Exit status; null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, e.g. 'SIGTERM'; null when it exited. */
  signal: NodeJS.Signals | null;
  /** The last `maxBytes` bytes of standard output. */
  stdout: string;
  stderr: string;
  /** lug killed it: on timeout, on cancel, or through `kill()`. */
  killed: boolean;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  /** When lug began killing it (TERM), in ms after the start; null when lug did not kill it. */
  killedAfterMs: number | null;
  /** Bytes of standard output not kept (from its start). */
  stdoutCutBytes: number;
  stderrCutBytes: number;
  /** Present when it ran in the sandbox: the mode, and what the output says the sandbox refused ("blocked by the sandbox: …"). */
  sandbox?: { mode: SandboxPolicy['mode']; blocked: string[] };
}

export interface ProcessHandle {
  pid: number;
  /** The process's standard input, when it was started with `openStdin`. */
  stdin?: Writable;
  /**
   * Resolves when the process has exited and its output is read. Rejects only
   * when the program could not be started (ProcessError) or `onOutput` threw.
   */
  wait(): Promise<ProcessResult>;
  /** Kill the whole group and every process with its mark (TERM, then KILL after the grace); resolves when they are gone. */
  kill(): Promise<void>;
}

/** A process could not be started at all (no such program, no such directory). */
export class ProcessError extends Error {
  override name = 'ProcessError';
}

export const DEFAULT_TIMEOUT_SECS = 120;
export const DEFAULT_MAX_BYTES = 30_000;
const DEFAULT_KILL_GRACE_MS = 2000;
const DEFAULT_STREAM_GRACE_MS = 200;

let shellPath: string | undefined;

/** /bin/bash, or /bin/sh where there is no bash. */
export function defaultShell(): string {
  return (shellPath ??= existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh');
}

function commandLine(command: ProcessCommand): { file: string; args: string[]; label: string } {
  if ('shell' in command) return { file: defaultShell(), args: ['-c', command.shell], label: command.shell };
  const [file, ...args] = command;
  if (!file) throw new ProcessError('the argument list is empty: give the program to run first, e.g. ["date", "+%F"]');
  return { file, args, label: command.join(' ') };
}

/** lug's environment with `extra` applied, and the call's mark, which `extra` cannot remove. */
function buildEnv(extra: ProcessOptions['env'], mark: Mark): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  env[MARK_VARIABLE] = formatMark(mark);
  return env as Record<string, string>;
}

/** Accepts the marks of one call's processes. */
export function ofCall(mark: Mark): (m: Mark) => boolean {
  return (m) => m.call === mark.call && sameOwner(m.owner, mark.owner);
}

function checkCwd(cwd: string): void {
  let isDir = false;
  try {
    isDir = statSync(cwd).isDirectory();
  } catch {
    throw new ProcessError(`the working directory ${cwd} does not exist`);
  }
  if (!isDir) throw new ProcessError(`the working directory ${cwd} is not a directory`);
}

/** Start a process in its own group; see ProcessHandle. */
export function spawnProcess(command: ProcessCommand, opts: ProcessOptions = {}): ProcessHandle {
  const { file, args, label } = commandLine(command);
  const cwd = opts.cwd ?? process.cwd();
  checkCwd(cwd);
  const started = Date.now();
  if (opts.signal?.aborted) return cancelledHandle();
  // Whoever starts a process through us gets the exit cleanup, CLI or not.
  installExitCleanup();
  // Before it starts: a lug killed with SIGKILL from here on leaves a note for the next start's sweep.
  recordProcessesStarted();
  const mark = newMark();
  const wrapped = opts.sandbox ? wrapCommand(opts.sandbox, { file, args, cwd }) : undefined;
  // stdin: kept open for the caller to write (openStdin), fed once (stdin), or none.
  const stdinMode = opts.openStdin || opts.stdin !== undefined ? ('pipe' as const) : ('ignore' as const);
  const lone = !!opts.startsNoProcesses && !wrapped;
  // node's own spawn, not execa: execa's module initialisation cost the first call of a process ~33 ms and every
  // call a few more (issue 15), for options lug sets to their plain behaviour anyway (no buffering, no rejecting).
  const sub = childProcess().spawn(wrapped?.file ?? file, wrapped?.args ?? args, {
    cwd,
    env: buildEnv(wrapped ? { ...opts.env, ...wrapped.env } : opts.env, mark),
    // Its own session and group, so that a kill reaches its children; one that starts none stays in lug's (lone).
    detached: !lone,
    windowsHide: true,
    // fd 3: where the sandbox's supervisor reports the exit status.
    stdio: wrapped?.statusOnFd3 ? [stdinMode, 'pipe', 'pipe', 'pipe'] : [stdinMode, 'pipe', 'pipe'],
  });
  if (sub.pid === undefined) {
    wrapped?.release();
    return failedHandle(sub, file, cwd);
  }
  // Failures after the start (a kill that finds it gone) are the exit's business, never an unhandled 'error'.
  sub.on('error', () => undefined);
  if (opts.stdin !== undefined && !opts.openStdin && sub.stdin) {
    sub.stdin.on('error', () => undefined); // a program that exits without reading its input: EPIPE is not an error of lug's
    sub.stdin.end(opts.stdin);
  }
  const pid = sub.pid;
  processTable.add(pid, label, mark, { lone });
  if (opts.background) processTable.finish(pid);
  const handle = new RunningProcess(pid, mark, sub, opts, started, wrapped, lone).handle();
  if (opts.openStdin && sub.stdin) {
    // A process that exits while lug writes gives EPIPE: its end shows in wait(), not as an uncaught error.
    sub.stdin.on('error', () => undefined);
    handle.stdin = sub.stdin;
  }
  return handle;
}

/** Run to completion: spawnProcess(…).wait(). */
export async function runProcess(command: ProcessCommand, opts: ProcessOptions = {}): Promise<ProcessResult> {
  return spawnProcess(command, opts).wait();
}

/** A spawn without a pid: its 'error' event says why. */
function failedHandle(sub: ChildProcess, file: string, cwd: string): ProcessHandle {
  const failure = new Promise<never>((_, reject) => {
    sub.once('error', (err: NodeJS.ErrnoException) => {
      const why = err.code === 'ENOENT' ? 'no such program (is it installed and on PATH?)' : err.message;
      reject(new ProcessError(`could not start ${file} in ${cwd}: ${why}`));
    });
  });
  failure.catch(() => undefined);
  return { pid: -1, wait: () => failure as Promise<never>, kill: async () => undefined };
}

/** Cancelled before it started: nothing runs. */
function cancelledHandle(): ProcessHandle {
  const result: ProcessResult = {
    pid: -1,
    code: null,
    signal: null,
    stdout: '',
    stderr: '',
    killed: false,
    timedOut: false,
    cancelled: true,
    durationMs: 0,
    killedAfterMs: null,
    stdoutCutBytes: 0,
    stderrCutBytes: 0,
  };
  return { pid: -1, wait: async () => result, kill: async () => undefined };
}

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
class RunningProcess {
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
    const exited = new Promise<void>((resolve) => {
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
    await exited;
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
