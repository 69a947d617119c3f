/**
 * Several hundred attack lines (bash-attack-corpus.ts): the program each
 * hides is a part, or the line is incomplete; through the decision, in auto
 * mode with deny rules each is refused, and in policy mode a line lug cannot
 * split asks even when a rule allows everything. For a sample, real bash
 * runs the line with every program on PATH replaced by a shim that logs its
 * name (the dangerous ones do nothing else), and every program bash ran must
 * be among the parts.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attacks, UNSPLITTABLE, type Attack } from './bash-attack-corpus.js';
import { splitCommandLine } from './bash-parts.js';
import { never, request, setup, tempDir } from './test-support.js';

const ALL = attacks();

async function names(line: string): Promise<{ names: Set<string>; incomplete?: string }> {
  const result = await splitCommandLine(line);
  return { names: new Set(result.parts.map((p) => p.program_name)), incomplete: result.incomplete };
}

describe('the attack corpus', () => {
  it('has several hundred attacks in every family', () => {
    expect(ALL.length).toBeGreaterThan(800);
    for (const family of ['wrapper', 'substitution', 'heredoc', 'after a list', 'plain', 'continuation', 'spelling']) {
      expect(ALL.filter((a) => a.family === family).length, family).toBeGreaterThan(20);
    }
  });

  it('shows the program each attack hides as a part, or marks the line incomplete', async () => {
    const missed: Attack[] = [];
    for (const attack of ALL) {
      const found = await names(attack.line);
      if (!found.names.has(attack.program) && !found.incomplete) missed.push(attack);
    }
    expect(missed).toEqual([]);
  });

  it('marks every line whose commands are not static incomplete', async () => {
    const split: string[] = [];
    for (const line of UNSPLITTABLE) if (!(await names(line)).incomplete) split.push(line);
    expect(split).toEqual([]);
  });

  it('in auto mode, typical deny rules refuse every attack', async () => {
    const { approvals } = setup({ mode: 'off' });
    approvals.rule('bash', (args) => (['rm', 'curl', 'touch'].includes(args.program_name as string) ? 'deny' : undefined), { source: 'deny programs' });
    approvals.rule('bash', (args) => (/rm |curl|touch /.test(args.command as string) ? 'deny' : undefined), { source: 'deny text' });
    const ran: string[] = [];
    for (const attack of ALL) {
      const decision = await approvals.decide(request('bash', { command: attack.line }), never);
      if (decision.allow) ran.push(attack.line);
    }
    expect(ran).toEqual([]);
  });

  it('in policy mode, a line lug cannot split asks even when a rule allows every part', async () => {
    const { approvals } = setup();
    approvals.rule('bash', 'allow', { source: 'allow everything' });
    for (const line of UNSPLITTABLE) {
      const decision = await approvals.decide(request('bash', { command: line }), never);
      expect(decision, line).toMatchObject({ allow: false, by: 'headless' });
    }
    expect(await approvals.decide(request('bash', { command: 'git status' }), never)).toMatchObject({ allow: true, by: 'rule:allow everything' });
  });

  it('in policy mode, rules allowing `^git status` and `^ls` let no attack run', async () => {
    const { approvals } = setup();
    approvals.rule('bash', (args) => (/^(git status|ls)\b/.test(args.command as string) ? 'allow' : undefined), { source: 'allow git status, ls' });
    const ran: string[] = [];
    for (const attack of ALL) {
      const line = `git status; ${attack.line}`;
      if ((await approvals.decide(request('bash', { command: line }), never)).allow) ran.push(line);
    }
    expect(ran).toEqual([]);
  });
});

/** Programs bash must never really run here: their shims only log. */
const HARMFUL = new Set(
  'rm rmdir curl wget touch mv cp dd shred chmod chown kill pkill killall reboot shutdown halt poweroff truncate ln nc ssh scp sudo su doas runuser id whoami'.split(' '),
);
/**
 * Not run: wrappers that need privileges, another host, a terminal or a
 * session bus, or that few systems have, and lines that find programs
 * outside PATH (`env -i`, `command -p`, `/bin/…`), which would run the real ones.
 */
const NOT_RUN =
  /\b(su|runuser|sudo|doas|sg|ssh|chroot|script|watch|parallel|unshare|strace|ltrace|busybox|pkexec|fakeroot|nsenter|setpriv|prlimit|runcon|systemd-run|toybox|dbus-run-session|ssh-agent|xvfb-run|valgrind|catchsegv|eatmydata|numactl|firejail|torsocks|proxychains4|faketime|cgexec|chpst|screen|gdb)\b|env -i|env - |command -p|\/bin\/| -lc /;

/**
 * A PATH of shims, one for every program in the system's directories, that
 * log their name and directory to `log` (a fixed path, since `exec -c` and
 * `env -i` clear the environment; the directory tells one run from another).
 */
function shimPath(log: string): string {
  const bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  const made = new Set<string>();
  for (const dir of ['/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of entries) {
      if (made.has(name) || !/^[A-Za-z0-9._+-]+$/.test(name)) continue;
      made.add(name);
      const run = HARMFUL.has(name) ? '' : `exec ${dir}/${name} "$@"\n`;
      writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $(pwd)" >> ${log}\n${run}`);
      chmodSync(join(bin, name), 0o755);
    }
  }
  for (const name of HARMFUL) {
    if (made.has(name)) continue;
    writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $(pwd)" >> ${log}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

/** The programs real bash ran for `line`, by name. */
function ranBy(line: string, bin: string, log: string, index: number): Promise<string[]> {
  const work = join(tempDir(), `run-${index}`);
  mkdirSync(work);
  writeFileSync(join(work, 'x'), ''); // for find to find
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/timeout', ['-k', '1', '5', '/bin/bash', '-c', line], { cwd: work, env: { PATH: bin, HOME: work }, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.on('error', () => {}); // a line that does not read its input
    child.stdin.end('x\n'); // so that xargs has something to run its command on
    child.on('close', async () => {
      // A command left in the background may log after bash has exited.
      if (/&|coproc|setsid|nohup/.test(line)) await new Promise((r) => setTimeout(r, 150));
      const mine = readFileSync(log, 'utf8')
        .split('\n')
        .map((entry) => /^(\S+) (.*)$/.exec(entry))
        .filter((m) => m && (m[2] === work || m[2].startsWith(`${work}/`)));
      resolve([...new Set(mine.map((m) => m![1]))]);
    });
  });
}

describe.runIf(existsSync('/bin/bash') && existsSync('/usr/bin/timeout'))('ground truth: what real bash runs', () => {
  it('every program bash ran for a sample of the attacks is among the parts (or the line is incomplete)', { timeout: 180_000 }, async () => {
    const log = join(tempDir(), 'shim.log');
    writeFileSync(log, '');
    const bin = shimPath(log);
    const sample = ALL.filter((a, k) => !NOT_RUN.test(a.line) && (a.family === 'spelling' || a.family === 'continuation' || k % 5 === 0));
    expect(sample.length).toBeGreaterThan(150);
    const escaped: Array<{ line: string; ran: string[] }> = [];
    const harmless: string[] = [];
    for (const [k, attack] of sample.entries()) {
      const ran = await ranBy(attack.line, bin, log, k);
      const found = await names(attack.line);
      if (!found.incomplete && ran.some((p) => !found.names.has(p))) escaped.push({ line: attack.line, ran });
      if (!ran.includes(attack.program)) harmless.push(attack.line);
    }
    expect(escaped).toEqual([]);
    // The attacks are real: bash does run the program hidden in nearly every one. (Not in all:
    // `git status && rm x` outside a repository, an alias only defined, PS4 ignored as root.)
    expect(harmless.length, harmless.join('\n')).toBeLessThan(sample.length / 10);
  });
});
