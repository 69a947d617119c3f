/**
 * The interface's layout engine (ink's yoga, WebAssembly) kept on V8's
 * baseline WebAssembly compiler (issue 15: idle memory).
 *
 * Idle, the interface's RSS fell in two groups, start by start: 67-68 MiB,
 * or 71 MiB. The upper group held ~3.9 MB more in one glibc malloc arena of
 * a V8 worker thread (an 8 MiB heap of the arena's 64 MiB, 0.2 MB resident
 * in the lower group; /proc/PID/smaps of both). What filled it: TurboFan
 * optimising yoga's hottest functions on that thread (V8 tiers WebAssembly
 * up from Liftoff when a function has run enough), whose compiler memory,
 * freed, stays resident when a later allocation sits above it in the arena.
 * With V8's tier-up of WebAssembly put out of reach (a tiering budget of
 * two billion, where V8's is 1.8 million), 6 starts of 6 were in the lower
 * group, against 2 of 6 without (scratch harnesses: RSS and the arenas' RSS
 * 2 s after the first screen; `--liftoff-only` on the command line did the
 * same, 6 of 6). What it costs: yoga's layout runs Liftoff's code. A key's
 * echo took 1.60 ms against 1.42 (medians of 90 keys, 6 sessions of each
 * build alternated, 3 s after the first screen); 500 turns 27 ms a turn
 * against 28, and 110 MiB after them either way (packages/tui/bench). The
 * flag is the process's: the approvals' bash parser (web-tree-sitter, also
 * WebAssembly) stays on Liftoff in the interface too, and splitting a
 * command line read 15.7-23.7 µs with it against 18.1-21.6 without (five
 * alternated runs of 3,000 splits of a loop line), no difference past the
 * noise.
 *
 * The binary's start sets it for the interface, before the first bundle
 * runs (startup/start.ts), through setV8Flags so that the code caches carry
 * it (V8 rejects a cache written under other flags, startup/code-cache.ts).
 * Set later, when the interface loads ink (whose yoga module is compiled
 * then), it had the caches of the bundles run so far written at that moment,
 * with little of their code compiled yet, and every later start drew its
 * first screen ~17 ms later (77 against 94 ms, 8 starts each). The flag is a
 * number, a function's budget before V8 optimises it, not a change of
 * pipeline (settle-heap.ts says what setting V8 flags at run time risked
 * before). It can go when Node can return freed malloc memory to the system
 * (malloc_trim), or when V8 keeps its compilers' memory out of malloc.
 */

/** V8's WebAssembly tiering budget, high enough that yoga's functions are never optimised in a session. */
export const LAYOUT_TIERING_FLAG = '--wasm-tiering-budget=2000000000';
