/**
 * Cleaning up when lug goes away: on a normal exit, on `process.exit()`, and
 * on SIGINT, SIGTERM and SIGHUP (and the other signals that end a process by
 * default), every process lug started is killed (its process groups, and
 * every process carrying this lug's mark, wherever it went), the temporary
 * files of writes in progress and the sandbox's placeholders are removed
 * (git-placeholder.ts), and then this lug's note for the
 * next start's sweep (leftover-registry.ts).
 *
 * The signal side goes through `signal-exit`, because a host may own a signal
 * itself (the TUI turns Ctrl-C into "cancel the turn"; ink listens
 * through signal-exit too). signal-exit runs our callback and re-raises the
 * signal only when no one but signal-exit users listens, so lug still dies of
 * the signal as it would have without us; when the host listens, the signal
 * is the host's, and our callback runs when the host decides to exit. A plain
 * `process.on('SIGINT')` of our own would instead count as "someone handles
 * it" for signal-exit, and a SIGTERM would then kill nobody.
 */
import { onExit } from 'signal-exit';
import { removeTempFilesInProgress } from '../files/temp-files.js';
import { removeOwnNote } from '../leftovers/leftover-registry.js';
import { removePlaceholders } from '../sandbox/git-placeholder.js';
import { removeSandboxTempDir } from '../sandbox/sandbox-temp.js';
import { killProcesses, killProcessesSync } from './kill-group.js';
import { sameOwner, selfOwner, type Mark } from './process-marker.js';
import { processTable } from './process-table.js';

/** Between TERM and KILL when lug exits: short, because lug is on its way out. */
const EXIT_GRACE_MS = 500;

/** Accepts the mark of every process this lug started. */
function ours(): (mark: Mark) => boolean {
  const self = selfOwner();
  return (mark) => sameOwner(mark.owner, self);
}

/**
 * Kill every process lug started, running or in the background, in its group
 * or not (TERM, then KILL after `graceMs`). Resolves when they are gone.
 */
export async function killAllProcesses(opts: { graceMs?: number } = {}): Promise<void> {
  await killProcesses({ groups: processTable.groups(), marked: ours() }, opts.graceMs ?? 2000);
  processTable.prune();
}

/** The same, synchronously (it blocks for about `graceMs`): for exit handlers. */
export function killAllProcessesSync(graceMs = EXIT_GRACE_MS): void {
  killProcessesSync({ groups: processTable.groups(), marked: ours() }, graceMs);
}

/** Everything exit does (see the file comment), synchronously. */
export function cleanUpAtExit(graceMs = EXIT_GRACE_MS): void {
  try {
    killAllProcessesSync(graceMs);
  } finally {
    removeTempFilesInProgress();
    removeSandboxTempDir();
    removePlaceholders();
    removeOwnNote();
  }
}

const KEY = Symbol.for('lug.tools.exitCleanup');
type WithCleanup = typeof globalThis & { [KEY]?: () => void };

/**
 * Install the exit cleanup, once per process (later calls return the same
 * uninstaller). The CLI calls it at start-up; a library user who starts
 * processes through @lug/tools should too.
 */
export function installExitCleanup(): () => void {
  const g = globalThis as WithCleanup;
  if (g[KEY]) return g[KEY];
  const remove = onExit(() => {
    cleanUpAtExit();
  });
  const uninstall = () => {
    remove();
    delete g[KEY];
  };
  g[KEY] = uninstall;
  return uninstall;
}
