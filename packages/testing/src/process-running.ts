/**
 * Whether processes still run, for tests that check what a tool leaves
 * behind: one process by its pid, or the `sleep TAG` processes a test
 * started (a tag no other process uses, from `sleepTag()`).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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
  return notZombie(pid) ?? process.platform !== 'linux';
}

/** From /proc/PID/stat: false for a zombie, undefined when it cannot be read (gone, or no /proc). */
function notZombie(pid: number | string): boolean | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return undefined;
  }
}

let unique = 0;
/** A sleep duration no other process uses (`sleep 5123.0017…`), to find the sleeps a test started. */
export function sleepTag(): string {
  return `${5000 + (process.pid % 1000)}.${String(++unique).padStart(3, '0')}${Math.floor(Math.random() * 1000)}`;
}

/** Pids of running (not zombie) processes whose command line is `sleep TAG`, read from /proc as ps does (pgrep where there is no /proc). */
export function sleepsRunning(tag: string): number[] {
  if (process.platform !== 'linux') {
    const out = execFileSync('sh', ['-c', `pgrep -fx 'sleep ${tag}' || true`], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).map(Number);
  }
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1') !== `sleep\0${tag}\0`) continue;
    } catch {
      continue; // exited while we looked
    }
    if (notZombie(name)) found.push(Number(name));
  }
  return found;
}
