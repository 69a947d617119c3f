/**
 * The interface's heap, made small once its first frame is up (issue 15:
 * idle memory, and a long session's).
 *
 * V8 doubles the young generation whenever much of a scavenge survives,
 * which start-up's allocations (the bundle, the Lua state, the first frame)
 * do, and a plain node never shrinks it back: idle, lug held 16 MiB of new
 * space with 4 in use. And a long session lets V8 grow the old generation
 * and never give it back: after 500 turns RSS was 196-251 MiB with 33 MiB
 * of live heap.
 *
 * Once the first frame is up, `settleHeap` sets `--optimize-for-size` (500
 * turns: 112-131 MiB, for about 2 ms more a turn) and runs two scavenges
 * with `--stress-incremental-marking` on for them alone. The flag makes the
 * scavenge start incremental marking whatever the old generation's limit,
 * and `--optimize-for-size` makes that marking a memory-reducing one, which
 * V8 finishes within ~10 ms (by task) and which shrinks the new space to
 * 1 MiB: idle RSS 68-70 MiB instead of 81-82, with a key or without one
 * (packages/tui/bench/tui.bench.mjs, alternated runs; its goals: < 80 MiB,
 * and the no-key screen no larger than the keyed one). Without the flag,
 * V8 started that marking only when start-up had had no full collection, as
 * the keyed screen's mostly had not; the no-key screen's had (it allocates a
 * little more), and it stayed at 79-81 MiB until V8's memory reducer ran,
 * 8 s after that collection. A full collection from `gc()` does not shrink
 * the new space in Node 20 (V8 11.3), and a memory-reducing one has no API
 * there. Set before the first frame, `--optimize-for-size` cost ~90 ms of
 * start-up, so it waits a moment.
 *
 * What it costs: a first turn after it comes ~20 ms later (a prompt sent
 * with its Enter, 1.5 s after the first screen: 91–101 ms against 77–82
 * without the settling, or with the scavenges but not the flag; alternated
 * sessions, stop 41). Part of it is collecting in that turn what the
 * settling shrank (three scavenges, and in half the sessions an incremental
 * marking and a full collection: 2.5–10.4 ms, against one scavenge of ~2 ms
 * in a turn before the settling); the rest was not found. Taking the flag
 * off again 300 ms after the settling did not give it back, nor did keeping
 * bytecode from being flushed meanwhile. The later turns are as fast either
 * way.
 *
 * `--optimize-for-size` stays, so it goes through `setFlags` (the binary's:
 * startup/code-cache.ts's setV8Flags, since V8 rejects a code cache written
 * under other flags). The other two are on only for a moment, with nothing
 * compiled meanwhile.
 *
 * The scavenges are V8's `gc` function, taken from a fresh context while
 * `--expose-gc` is on and off again at once, so no context lug makes later
 * (a plugin's `vm` sandbox) sees a `gc`. This can go when V8 shrinks an idle
 * process's new space by itself, or when Node exposes a memory-reducing
 * collection (V8's MemoryPressureNotification).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** How a flag is set for the rest of the run: the binary's StartupOptions.setV8Flags, else V8's own. */
export type SetV8Flags = (flags: string) => void;

const setFlagsFromString: SetV8Flags = (flags) => v8.setFlagsFromString(flags);

type Gc = (options: { type: 'minor' }) => void;

/** `--optimize-for-size`, then two scavenges that start a memory-reducing marking (see above). */
export function settleHeap(setFlags: SetV8Flags = setFlagsFromString): void {
  setFlags('--optimize-for-size');
  v8.setFlagsFromString('--expose-gc');
  let gc: Gc;
  try {
    gc = vm.runInNewContext('gc') as Gc;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  v8.setFlagsFromString('--stress-incremental-marking');
  try {
    gc({ type: 'minor' });
    gc({ type: 'minor' });
  } finally {
    v8.setFlagsFromString('--no-stress-incremental-marking');
  }
}

/**
 * settleHeap in a moment (the interface calls it at its first frame), or as
 * soon after as no turn runs (`busy`): its collections, and the code caches
 * its flag has written first (setV8Flags), stay out of an answer. The timer
 * keeps no process alive.
 */
export function settleHeapSoon(setFlags: SetV8Flags = setFlagsFromString, busy: () => boolean = () => false, delayMs = 1000): void {
  const settle = () => {
    if (busy()) setTimeout(settle, BUSY_RETRY_MS).unref();
    else settleHeap(setFlags);
  };
  setTimeout(settle, delayMs).unref();
}

/** How often a settling put off by a running turn looks again. */
const BUSY_RETRY_MS = 250;
