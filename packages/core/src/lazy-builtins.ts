/**
 * Node's built-in modules that a start does not need, loaded at their first
 * use instead of when the module naming them loads. `node:child_process` cost
 * `lug -p` ~1.9 ms on its way to the first request (CPU profiles of 5 runs),
 * loaded by @lug/tools and the checkpoints at their top level though the
 * first process starts later.
 */
import type * as ChildProcessModule from 'node:child_process';

/** `node:child_process`, loaded at the first call (`process.getBuiltinModule`, Node ≥ 20.16). */
export function childProcess(): typeof ChildProcessModule {
  return process.getBuiltinModule('node:child_process');
}
