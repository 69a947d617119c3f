/**
 * lug.proc runs programs through @lug/tools' process runner (process groups,
 * timeouts, capped output, cleanup at exit: the same as bash). It is imported
 * on the first lug.proc call, not at start-up: most sessions never start a
 * process from Lua, and the runner brings execa with it.
 */

import type { ProcessHandle, ProcessOptions, ProcessResult, SandboxPolicy, SandboxSource } from '@lug/tools';

export type { ProcessHandle, ProcessOptions, ProcessResult };

/** The part of @lug/tools' runner that lug.proc uses (tests may pass their own). */
export interface ProcessRunner {
  runProcess(argv: readonly string[], opts: ProcessOptions): Promise<ProcessResult>;
  spawnProcess(argv: readonly string[], opts: ProcessOptions): ProcessHandle;
  /** The OS sandbox the host's options ask for (lug.opt.sandbox), or null. */
  sandboxPolicy(source: SandboxSource): SandboxPolicy | null;
}

let loading: Promise<ProcessRunner> | undefined;

/** @lug/tools' runner, imported once. */
export function loadProcessRunner(): Promise<ProcessRunner> {
  // A variable specifier keeps bundlers from pulling @lug/tools into the start-up path.
  const specifier = '@lug/tools';
  loading ??= (import(specifier) as Promise<Partial<ProcessRunner>>).then((mod) => {
    if (typeof mod.runProcess !== 'function' || typeof mod.spawnProcess !== 'function' || typeof mod.sandboxPolicy !== 'function') {
      throw new Error('@lug/tools does not export runProcess, spawnProcess and sandboxPolicy: lug.proc needs a newer @lug/tools');
    }
    return mod as ProcessRunner;
  });
  loading.catch(() => {
    loading = undefined; // let a later call try again
  });
  return loading;
}
