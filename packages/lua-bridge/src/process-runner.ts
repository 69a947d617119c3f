/**
 * lug.proc runs programs through @lug/tools' process runner (process groups,
 * timeouts, capped output, cleanup at exit: the same as bash). It is imported
 * on the first lug.proc call, not at start-up: most sessions never start a
 * process from Lua, and the runner brings execa with it.
 */

import type { ModelProcesses, ModelProcessOptions, ProcessHandle, ProcessResult, SandboxSource } from '@lug/tools';

export type { ModelProcessOptions as ProcessOptions, ProcessHandle, ProcessResult };

/**
 * The part of @lug/tools that lug.proc uses (tests may pass their own):
 * `modelProcesses(host)`, which starts each process in the OS sandbox the
 * host's options ask for (lug.opt.sandbox), as for bash.
 */
export interface ProcessRunner {
  modelProcesses(source: SandboxSource): ModelProcesses;
}

let loading: Promise<ProcessRunner> | undefined;

/** @lug/tools' runner, imported once. */
export function loadProcessRunner(): Promise<ProcessRunner> {
  // A variable specifier keeps bundlers from pulling @lug/tools into the start-up path.
  const specifier = '@lug/tools';
  loading ??= (import(specifier) as Promise<Partial<ProcessRunner>>).then((mod) => {
    if (typeof mod.modelProcesses !== 'function') {
      throw new Error('@lug/tools does not export modelProcesses: lug.proc needs a newer @lug/tools');
    }
    return mod as ProcessRunner;
  });
  loading.catch(() => {
    loading = undefined; // let a later call try again
  });
  return loading;
}
