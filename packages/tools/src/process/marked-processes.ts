/**
 * Finding and killing processes by the mark in their environment (see
 * process-marker.ts), wherever they went: another process group, another
 * session, reparented to init. Linux only (`/proc/PID/environ`); elsewhere
 * nothing is found and process groups are all lug has.
 *
 * A zombie's environment reads as empty, so only processes that still run are
 * found. Only processes whose environment we may read are seen: our own user's
 * (all of them as root).
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { MARK_VARIABLE, parseMark, type Mark } from './process-marker.js';

const NEEDLE = Buffer.from(`${MARK_VARIABLE}=`, 'latin1');
const CHUNK = 64 * 1024;
let buffer = Buffer.alloc(CHUNK);

/** The whole of a /proc file, in a buffer reused between reads; undefined when it cannot be read. */
function readProcFile(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const bigger = Buffer.alloc(buffer.length * 2);
        buffer.copy(bigger);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) return buffer.subarray(0, length);
      length += n;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The mark in a NUL-separated environment block: the first definition, as getenv reads it. */
function markIn(environ: Buffer): Mark | undefined {
  for (let at = environ.indexOf(NEEDLE); at !== -1; at = environ.indexOf(NEEDLE, at + 1)) {
    if (at !== 0 && environ[at - 1] !== 0) continue; // FOO_LUG_PROCESS_OWNER=…
    const start = at + NEEDLE.length;
    let end = environ.indexOf(0, start);
    if (end === -1) end = environ.length;
    return parseMark(environ.toString('latin1', start, end));
  }
  return undefined;
}

/** The mark of a running process, or undefined (none, gone, a zombie, not ours to read). */
export function markOf(pid: number): Mark | undefined {
  const environ = readProcFile(`/proc/${pid}/environ`);
  return environ && environ.length > 0 ? markIn(environ) : undefined;
}

function readNumber(path: string): number | undefined {
  const bytes = readProcFile(path);
  const n = bytes ? Number(bytes.toString('latin1').trim()) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * Accepts the pids given out after `pid` was: a call's processes all started
 * after its leader, and Linux gives pids out in order, wrapping at pid_max.
 * Read from /proc/sys/kernel/ns_last_pid; everything is accepted when it
 * cannot be read. A process started more than a whole pid cycle ago (32,768
 * forks with the default pid_max) is missed: use it only to skip work, never
 * where a miss would leave a process running.
 */
export function pidsAfter(pid: number): (candidate: number) => boolean {
  const last = readNumber('/proc/sys/kernel/ns_last_pid');
  if (last === undefined) return () => true;
  if (last >= pid) return (p) => p > pid && p <= last;
  return (p) => p > pid || p <= last; // wrapped since
}

/**
 * Every running process (but this one) with a mark that `match` accepts, and
 * its mark; only among pids `among` accepts, when given. [] where /proc cannot
 * be read.
 */
export function findMarks(match: (mark: Mark) => boolean, among?: (pid: number) => boolean): Array<{ pid: number; mark: Mark }> {
  if (process.platform !== 'linux') return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: Array<{ pid: number; mark: Mark }> = [];
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const pid = Number(name);
    if (pid === process.pid || (among && !among(pid))) continue;
    const mark = markOf(pid);
    if (mark && match(mark)) found.push({ pid, mark });
  }
  return found;
}

/** The pids of findMarks. */
export function findMarked(match: (mark: Mark) => boolean): number[] {
  return findMarks(match).map((f) => f.pid);
}
