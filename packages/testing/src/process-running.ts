/** Whether a process still runs, for tests that check what a tool leaves behind. */
import { readFileSync } from 'node:fs';

/**
 * True when the process exists, may be signalled by us and is not a zombie: a
 * killed process whose parent has not reaped it yet (or whose reaper is a
 * slow container init) still answers kill(pid, 0), but runs nothing. Zombies are told apart from
 * /proc on Linux; elsewhere existing is running.
 */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}
