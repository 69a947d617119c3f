/**
 * Killing every process group lug started when lug goes away: on a normal
 * exit, on `process.exit()`, and on SIGINT, SIGTERM and SIGHUP.
 *
 * A host may own a signal itself (the TUI turns Ctrl-C into "cancel the turn";
 * the CLI may want a second SIGINT to quit). So the signal handlers installed
 * here act only when nobody else listens for that signal: then they kill the
 * groups and re-raise the signal, so lug dies of it as it would have without
 * them. When the host listens too, the signal is the host's, and the 'exit'
 * handler still kills the groups whenever the host decides to exit.
 */
import { killGroup, killGroupsSync } from './kill-group.js';
import { processTable } from './process-table.js';

/** Between TERM and KILL when lug exits: short, because lug is on its way out. */
const EXIT_GRACE_MS = 500;

/**
 * Kill every group lug started, running or in the background (TERM, then KILL
 * after `graceMs`). Resolves when they are gone.
 */
export async function killAllProcesses(opts: { graceMs?: number } = {}): Promise<void> {
  const pgids = processTable.groups();
  await Promise.all(pgids.map((pgid) => killGroup(pgid, opts.graceMs ?? 2000)));
  processTable.prune();
}

/** The same, synchronously (it blocks for at most `graceMs`): for exit handlers. */
export function killAllProcessesSync(graceMs = EXIT_GRACE_MS): void {
  killGroupsSync(processTable.groups(), graceMs);
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const KEY = Symbol.for('lug.tools.exitCleanup');
type WithCleanup = typeof globalThis & { [KEY]?: () => void };

/**
 * Install the exit handlers, once per process (later calls return the same
 * uninstaller). The CLI calls it at start-up; a library user who starts
 * processes through @lug/tools should too.
 */
export function installExitCleanup(): () => void {
  const g = globalThis as WithCleanup;
  if (g[KEY]) return g[KEY];
  const onExit = () => killAllProcessesSync();
  const onSignal = (signal: NodeJS.Signals) => {
    // Someone else handles this signal: let them decide; 'exit' cleans up later.
    if (process.listenerCount(signal) > 1) return;
    killAllProcessesSync();
    uninstall();
    // With no listener left Node restores the default action: die of the signal.
    process.kill(process.pid, signal);
  };
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  const uninstall = () => {
    process.off('exit', onExit);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    delete g[KEY];
  };
  g[KEY] = uninstall;
  return uninstall;
}
