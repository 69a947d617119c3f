/**
 * Whether a process another lug recorded (its pid, and the start time
 * /proc/PID/stat gave then) still runs: the pid exists with the same start
 * time, so a new process that got a dead one's pid is not taken for it. Where
 * there is no /proc (macOS), the pid alone. Shared by the tools' process
 * marks (which processes a dead lug left) and the session files' claims
 * (which lug writes a conversation).
 */
import { readFileSync } from 'node:fs';

/** The fields of /proc/PID/stat after the command name (state first), or undefined when it does not exist (or not on Linux). */
function statFields(pid: number): string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The start time of a process (field 22 of /proc/PID/stat), or undefined when it does not exist (or not on Linux). */
export function startTicks(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** Whether process `pid`, started at `start` ('0' or undefined: not known), still runs; a zombie has ended. */
export function processAlive(pid: number, start: string | undefined): boolean {
  const fields = statFields(pid);
  if (fields === undefined) {
    if (process.platform === 'linux') return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (fields[0] === 'Z') return false;
  return start === undefined || start === '0' || fields[19] === start;
}
