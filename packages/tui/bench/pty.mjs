// A program in a real pseudo-terminal, for the interface benchmark: util-linux
// `script` allocates the pty and relays bytes both ways (-f flushes each
// write), so this process types into the program's stdin and reads the screen's
// byte stream with no polling of its own.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const SCRIPT = '/usr/bin/script';

/** Remove escape sequences (CSI, OSC, charset) so text can be searched. */
export function stripAnsi(s) {
  return s.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]/g, '');
}

const shellQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** Direct children of `pid`, from /proc (this kernel has no /proc/PID/task/PID/children). */
function childrenOf(pid) {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The fields after the command name, which may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** VmRSS of a process, in bytes. */
export function rssOf(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}

export class PtyProgram {
  /**
   * Start `argv` in a new pty of `cols`×`rows`, with exactly `env`. The shell
   * that `script -c` starts sets the size, then execs the program, so the
   * program is script's only child.
   */
  constructor(argv, { env, cwd, cols = 100, rows = 40 }) {
    const command = `stty cols ${cols} rows ${rows} 2>/dev/null; exec ${argv.map(shellQuote).join(' ')}`;
    this.started = performance.now();
    this.child = spawn(SCRIPT, ['-qfec', command, '/dev/null'], { env: { ...env, SHELL: '/bin/sh' }, cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    this.output = '';
    this.waiters = new Set();
    this.exited = false;
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d) => {
      this.output += d;
      for (const w of [...this.waiters]) w();
    });
    this.child.on('exit', () => {
      this.exited = true;
      for (const w of [...this.waiters]) w();
    });
  }

  /** Drop the output read so far (to search only what comes next). */
  clear() {
    this.output = '';
  }

  /** Resolve with the time (performance.now()) when `test(output)` first holds. */
  waitFor(test, timeoutMs = 20_000, what = String(test)) {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (test(this.output)) {
          done();
          resolve(performance.now());
        } else if (this.exited) {
          done();
          reject(new Error(`the program exited before showing ${what}; its output ends:\n${stripAnsi(this.output).slice(-2000)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the program did not show ${what} within ${timeoutMs} ms; its output ends:\n${stripAnsi(this.output).slice(-2000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Keys, as the bytes a terminal sends. */
  type(bytes) {
    this.child.stdin.write(bytes);
  }

  /** The program's pid: the child of `script` (waits briefly for the exec). */
  async programPid() {
    for (let i = 0; i < 200; i++) {
      const kids = childrenOf(this.child.pid);
      if (kids.length) return kids[0];
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`script (pid ${this.child.pid}) has no child`);
  }

  /** SIGKILL the program (by pid) and script, synchronously: for an exit handler. */
  kill() {
    if (this.exited) return;
    for (const pid of [...childrenOf(this.child.pid), this.child.pid]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  /** End the program (SIGKILL, by pid), then script; resolves when script has exited. */
  async stop() {
    if (this.exited) return;
    for (const pid of childrenOf(this.child.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const exited = new Promise((r) => this.child.once('exit', r));
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}
