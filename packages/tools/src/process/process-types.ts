/**
 * What a caller of the process runner (run-process.ts) gives and gets: the
 * command, its options, its result and handle, and the error of a process
 * that could not be started.
 */
import type { Writable } from 'node:stream';
import type { SandboxPolicy } from '../sandbox/sandbox-policy.js';

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
/** The most bytes Linux takes in one argument of a program it starts (MAX_ARG_STRLEN); past it the start fails with E2BIG. */
export const MAX_ARGUMENT_BYTES = 131_072;

/** Whether a start failed because its arguments were longer than the system takes (E2BIG, the code a ProcessError carries). */
export function tooLongToStart(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === 'E2BIG';
}

export class ProcessError extends Error {
  override name = 'ProcessError';
  /** The system's code when a start failed with one (E2BIG, ENOENT), as node's error gave it: callers say their own words for it. */
  readonly code?: string;

  constructor(message: string, opts: { code?: string } = {}) {
    super(message);
    if (opts.code !== undefined) this.code = opts.code;
  }
}
