/**
 * The mark lug puts in the environment of every process it starts, so that it
 * can find them all again, also those that left its process group or session
 * (`setsid`, `set -m`, a double fork): a child inherits its parent's
 * environment, whatever group or session it moves to, and on Linux
 * `/proc/PID/environ` shows the environment a process started with.
 *
 *     LUG_PROCESS_OWNER=1:pid:[4026531836]:4242:987654/17
 *                       │ │                 │    │      └ the call: one number per process lug started
 *                       │ │                 │    └ the owner's start time (clock ticks after boot, /proc/PID/stat)
 *                       │ │                 └ the owner: the pid of the lug that started it
 *                       │ └ the owner's pid namespace (a lug in another container has other pids)
 *                       └ the format
 *
 * The start time tells a live owner from a new process that got a dead lug's
 * pid; the namespace keeps a lug from judging marks of a lug whose pids it
 * cannot see.
 */
import { readlinkSync } from 'node:fs';
import { processAlive, startTicks } from '@lug/core';

export const MARK_VARIABLE = 'LUG_PROCESS_OWNER';
const FORMAT = '1';

/** Who started a process: a lug, by pid namespace, pid and start time. */
export interface Owner {
  ns: string;
  pid: number;
  /** Clock ticks after boot at which it started; '0' where that cannot be read. */
  start: string;
}

export interface Mark {
  owner: Owner;
  /** Which of the owner's calls started it. */
  call: number;
}

function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return 'unknown';
  }
}

let self: Owner | undefined;

/** This lug as an owner. */
export function selfOwner(): Owner {
  // A forked test worker has another pid: the cached identity must be ours.
  if (self?.pid !== process.pid) self = { ns: pidNamespace(), pid: process.pid, start: startTicks(process.pid) ?? '0' };
  return self;
}

export function ownerKey(owner: Owner): string {
  return `${owner.ns}:${owner.pid}:${owner.start}`;
}

export function formatMark(mark: Mark): string {
  return `${FORMAT}:${ownerKey(mark.owner)}/${mark.call}`;
}

/** A mark from its text; undefined for anything else (a mark is read from processes that anyone may have set up). */
export function parseMark(text: string): Mark | undefined {
  const m = /^1:(.*):(\d+):(\d+)\/(\d+)$/.exec(text);
  if (!m) return undefined;
  return { owner: { ns: m[1]!, pid: Number(m[2]), start: m[3]! }, call: Number(m[4]) };
}

export function sameOwner(a: Owner, b: Owner): boolean {
  return a.pid === b.pid && a.start === b.start && a.ns === b.ns;
}

/** Accepts the marks of one call's processes. */
export function ofCall(mark: Mark): (m: Mark) => boolean {
  return (m) => m.call === mark.call && sameOwner(m.owner, mark.owner);
}

/**
 * Whether the owner may still run: its pid exists with the same start time.
 * An owner of another pid namespace counts as alive: this lug cannot tell.
 */
export function ownerAlive(owner: Owner): boolean {
  if (owner.ns !== selfOwner().ns) return true;
  return processAlive(owner.pid, owner.start);
}

/** One counter per process, even when two copies of this package are loaded (as the process table). */
const COUNTER = Symbol.for('lug.tools.processMarkCounter');
type WithCounter = typeof globalThis & { [COUNTER]?: { next: number } };

/** A new mark of this lug, for the next process it starts. */
export function newMark(): Mark {
  const counter = ((globalThis as WithCounter)[COUNTER] ??= { next: 1 });
  return { owner: selfOwner(), call: counter.next++ };
}
