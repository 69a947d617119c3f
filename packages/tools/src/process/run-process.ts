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
 *
 * Here: starting it. Its options and result are in process-types.ts, the
 * started process until its result is ready in running-process.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { childProcess } from '@lug/core';
import { installExitCleanup } from './exit-cleanup.js';
import { recordProcessesStarted } from '../leftovers/leftover-registry.js';
import { formatMark, MARK_VARIABLE, newMark, type Mark } from './process-marker.js';
import { processTable } from './process-table.js';
import { ProcessError, type ProcessCommand, type ProcessHandle, type ProcessOptions, type ProcessResult } from './process-types.js';
import { RunningProcess } from './running-process.js';
import { wrapCommand } from '../sandbox/wrap-command.js';

export { MAX_ARGUMENT_BYTES, ProcessError, tooLongToStart, type OutputStream, type ProcessCommand, type ProcessHandle, type ProcessOptions, type ProcessResult } from './process-types.js';
export { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_SECS } from './running-process.js';

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
  let sub: ChildProcess;
  try {
    sub = childProcess().spawn(wrapped?.file ?? file, wrapped?.args ?? args, {
      cwd,
      env: buildEnv(wrapped ? { ...opts.env, ...wrapped.env } : opts.env, mark),
      // Its own session and group, so that a kill reaches its children; one that starts none stays in lug's (lone).
      detached: !lone,
      windowsHide: true,
      // fd 3: where the sandbox's supervisor reports the exit status.
      stdio: wrapped?.statusOnFd3 ? [stdinMode, 'pipe', 'pipe', 'pipe'] : [stdinMode, 'pipe', 'pipe'],
    });
  } catch (err) {
    // node's spawn throws at once for what no process could be started with: the sandbox's hold goes, and the caller gets a ProcessError.
    wrapped?.release();
    throw unstartable(file, err);
  }
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

/** What node's spawn threw before starting anything, as a ProcessError that says why. */
function unstartable(file: string, err: unknown): ProcessError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const opts = typeof code === 'string' ? { code } : {};
  if (code === 'E2BIG') return new ProcessError(`could not start ${file}: its arguments and environment are longer than the system allows (E2BIG; Linux takes at most 128 KiB for one argument)`, opts);
  if (code === 'ERR_INVALID_ARG_VALUE' && /null bytes/.test(String((err as Error).message))) {
    return new ProcessError(`could not start ${file}: an argument or the environment holds a NUL byte, which no argument can hold`, opts);
  }
  return new ProcessError(`could not start ${file}: ${(err as Error)?.message ?? String(err)}`, opts);
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
