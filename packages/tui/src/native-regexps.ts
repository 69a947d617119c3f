/**
 * Markdown's regular expressions compiled to machine code at their first
 * match, for the length of one synchronous call (V8's `--no-regexp-tier-up`,
 * set and unset around it).
 *
 * Why: V8 runs a regular expression's first match in its bytecode
 * interpreter, and compiles it to machine code at the second (tier-up, which
 * pays off for an expression matched once). marked's block rules (the
 * setext heading's above all) and highlight.js's grammars backtrack a lot,
 * and interpreted they made the first answer's Markdown slow: its first
 * parse took 17-20 ms in a fresh node against 6-7 ms with the flag off
 * (marked and marked-terminal on the bench's answer, five runs each; 0.2-0.3
 * ms once compiled), and a prompt sent with its Enter, whose answer meets
 * them cold, had its first turn 17 ms sooner with the flag off for the whole
 * process (95 against 78 ms, 8 fresh sessions each, alternated). Off for the
 * whole process, it made the first screen ~10 ms later: start-up matches many
 * expressions once.
 *
 * Safe to flip around a call: V8 reads the flag when it compiles an
 * expression. V8 keys code caches by its flags, and unsetting this flag
 * gives the key back (unlike `--optimize-for-size`, settle-heap.ts); no cache
 * is read or written inside a render (the renderer's bundles load before
 * it; highlight.js's languages and the emoji table load through Node's own
 * `require`, with no cache). Not flipped when node's command line or
 * NODE_OPTIONS names the flag: that choice stays. This can go when V8's
 * interpreter matches these expressions as fast, or Node starts lug with a
 * code cache of compiled expressions.
 */

/** Whether the user set regexp tier-up themselves (then lug leaves it). */
const setByUser = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes('regexp-tier-up'));

/** `fn()`, with the regular expressions it matches first compiled at once. */
export function withNativeRegExps<T>(fn: () => T): T {
  if (setByUser) return fn();
  // node:v8 loads at the first render, not with the interface (~1 ms).
  const v8 = process.getBuiltinModule('node:v8');
  v8.setFlagsFromString('--no-regexp-tier-up');
  try {
    return fn();
  } finally {
    v8.setFlagsFromString('--regexp-tier-up');
  }
}
