/**
 * The programs that run another program, or a script, given on their command
 * line: `sudo rm x` runs `rm x`, `bash -c 'rm x'` and `eval 'rm x'` run the
 * script `rm x`, `find . -exec rm {} ;` runs `rm {}`. Given a command's words
 * (after quote removal), `innerOf` says what else it runs, so a rule on `rm`
 * sees `rm` however it is wrapped.
 *
 * Options are read the way each program reads them. An option lug does not
 * know, or a word whose value is not static, is read every way it could be
 * (a flag, an option with a value, the command itself), so the command it
 * hides is a part whichever way the program reads it.
 */
import { aliasBuiltin, environmentVariable, evalBuiltin, programName, scriptOf, shell, SHELLS, sourceBuiltin, trapBuiltin } from './bash-builtins.js';
import { compgenBuiltin, evaluatedArguments, mapfileBuiltin, printfBuiltin } from './bash-evaluating.js';
import { dynamicEnvironment, getoptsBuiltin } from './bash-assigned-names.js';
import { dedupe, readOptions, type Arg, type Inner, type OptionSpec, type Reading } from './bash-options.js';

export type { Arg, Inner } from './bash-options.js';
export { environmentVariable, programName } from './bash-builtins.js';

const command = (from: number, to: number, placeholder?: string): Inner => (placeholder === undefined ? { kind: 'command', from, to } : { kind: 'command', from, to, placeholder });

/** Each reading's command, if it has one; `none` says what it runs without one. */
function commandsAfter(argv: readonly Arg[], readings: Reading[], none?: Inner): Inner[] {
  const inner: Inner[] = [];
  for (const r of readings) {
    if (r.next < argv.length) inner.push(command(r.next, argv.length));
    else if (none) inner.push(none);
  }
  return dedupe(inner);
}

/** Skips `NAME=value` words (env, sudo); returns the first word that is not one, and what they set. */
function assignments(argv: readonly Arg[], from: number): { next: number; inner: Inner[] } {
  const inner: Inner[] = [];
  let i = from;
  while (argv[i]?.static && /^[A-Za-z_][A-Za-z0-9_]*(%%)?=|^BASH_FUNC_[^=]*=/.test(argv[i].value)) {
    inner.push(...environmentVariable(argv[i].value));
    i += 1;
  }
  // `env "BASH_FUNC_ls%%=$f" bash -c ls` imports a function lug cannot read.
  if (argv[i] && !argv[i].static) inner.push(...dynamicEnvironment(argv[i]));
  return { next: i, inner };
}

function env(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  const spec: OptionSpec = {
    short: 'uCSP',
    flags: 'i0v',
    long: ['unset', 'chdir', 'split-string'],
    longFlags: ['ignore-environment', 'null', 'debug', 'help', 'version', 'list-signal-handling'],
  };
  for (const r of readOptions(argv, 1, spec)) {
    const split = r.seen.get('S') ?? r.seen.get('split-string');
    let next = r.next;
    if (argv[next]?.static && argv[next].value === '-') next += 1;
    const set = assignments(argv, next);
    inner.push(...set.inner);
    if (typeof split === 'string') {
      inner.push({ kind: 'script', text: [split, ...argv.slice(set.next).map((a) => a.value)].join(' ') });
    } else if (set.next < argv.length) inner.push(command(set.next, argv.length));
  }
  return dedupe(inner);
}

function sudo(argv: readonly Arg[]): Inner[] {
  const spec: OptionSpec = {
    short: 'CDghpRrTtUu',
    flags: 'AbBEeHiKklLnNPSsVv',
    long: ['user', 'group', 'host', 'prompt', 'close-from', 'role', 'type', 'other-user', 'chdir', 'chroot', 'command-timeout'],
    longFlags: ['preserve-env', 'login', 'shell', 'non-interactive', 'background', 'edit', 'list', 'validate', 'stdin', 'reset-timestamp', 'remove-timestamp', 'preserve-groups', 'set-home', 'askpass', 'bell', 'help', 'version'],
  };
  const inner: Inner[] = [];
  for (const r of readOptions(argv, 1, spec)) {
    if (r.seen.has('e') || r.seen.has('edit')) continue;
    const set = assignments(argv, r.next);
    inner.push(...set.inner);
    if (set.next < argv.length) inner.push(command(set.next, argv.length));
    else if (['s', 'i', 'shell', 'login'].some((o) => r.seen.has(o))) inner.push({ kind: 'stdin' });
  }
  return dedupe(inner);
}

/** `su [opts] [-] [user] [-c CMD]`: GNU su reads options anywhere. */
function su(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (!a.static) inner.push({ kind: 'unknown', reason: `${argv[0].value}'s arguments are not static` });
    else if (a.value === '-c' || a.value === '--command' || a.value === '--session-command') inner.push(...scriptOf(argv.slice(i + 1, i + 2), `the command given to ${a.value}`));
    else if (/^--(session-)?command=/.test(a.value)) inner.push({ kind: 'script', text: a.value.slice(a.value.indexOf('=') + 1) });
    else if (/^-[a-zA-Z]*c$/.test(a.value)) inner.push(...scriptOf(argv.slice(i + 1, i + 2), `the command given to ${a.value}`));
    else if (/^-[a-zA-Z]*c./.test(a.value)) inner.push({ kind: 'script', text: a.value.slice(a.value.indexOf('c') + 1) });
    else if (a.value === '-u' && programName(argv[0].value) === 'runuser') {
      let k = i + 2;
      if (argv[k]?.value === '--') k += 1;
      if (k < argv.length) inner.push(command(k, argv.length));
    }
  }
  return inner.length ? dedupe(inner) : [{ kind: 'stdin' }];
}

function xargs(argv: readonly Arg[]): Inner[] {
  const spec: OptionSpec = {
    short: 'adEILnPs',
    flags: '0oprtx',
    long: ['arg-file', 'delimiter', 'eof', 'replace', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
    longFlags: ['null', 'open-tty', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits', 'help', 'version'],
  };
  const inner: Inner[] = [];
  // -i, -e and -l take a value only when it is attached (`-i{}`).
  const attachedOnly = argv.map((a) => (a.static && /^-[iel]$/.test(a.value) ? { ...a, value: `-${a.value[1]}=` } : a));
  for (const r of readOptions(attachedOnly, 1, { ...spec, short: `${spec.short}iel` })) {
    const replace = r.seen.get('I') ?? r.seen.get('replace') ?? r.seen.get('i');
    const placeholder = typeof replace === 'string' ? replace.replace(/^=$/, '') || '{}' : undefined;
    if (r.next < argv.length) inner.push(command(r.next, argv.length, placeholder));
  }
  return dedupe(inner);
}

function find(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (!a.static || !['-exec', '-execdir', '-ok', '-okdir'].includes(a.value)) continue;
    let end = i + 1;
    while (end < argv.length && !(argv[end].static && (argv[end].value === ';' || (argv[end].value === '+' && argv[end - 1]?.value === '{}')))) end += 1;
    if (end > i + 1) inner.push(command(i + 1, end, '{}'));
    i = end;
  }
  return inner;
}

function watch(argv: readonly Arg[]): Inner[] {
  const spec: OptionSpec = {
    short: 'nq',
    flags: 'bcCdeghprtwx',
    long: ['interval', 'equexit'],
    longFlags: ['beep', 'color', 'no-color', 'differences', 'errexit', 'chgexit', 'no-title', 'exec', 'precise', 'no-wrap', 'help', 'version', 'no-rerun'],
  };
  const inner: Inner[] = [];
  for (const r of readOptions(argv, 1, spec)) {
    if (r.next >= argv.length) continue;
    if (r.seen.has('x') || r.seen.has('exec')) inner.push(command(r.next, argv.length));
    else inner.push(...scriptOf(argv.slice(r.next), 'the command given to watch'));
  }
  return dedupe(inner);
}

/** `flock [opts] FILE CMD…`, `flock [opts] FILE -c CMD`, `flock FD`. */
function flock(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  for (const r of readOptions(argv, 1, { short: 'wEc', flags: 'sexnouFhV', long: ['timeout', 'conflict-exit-code', 'command'] })) {
    const script = r.seen.get('c') ?? r.seen.get('command');
    if (typeof script === 'string') inner.push({ kind: 'script', text: script });
    const after = r.next + 1;
    const next = argv[after];
    if (next?.static && (next.value === '-c' || next.value === '--command')) inner.push(...scriptOf(argv.slice(after + 1, after + 2), 'the command given to flock -c'));
    else if (after < argv.length) inner.push(command(after, argv.length));
  }
  return dedupe(inner);
}

/** A wrapper with options, then `operands` words (a duration, a root, a mask), then the command. */
function wrapper(spec: OptionSpec, operands = 0, opts: { none?: Inner; unless?: string[] } = {}) {
  return (argv: readonly Arg[]): Inner[] => {
    const readings = readOptions(argv, 1, spec)
      .filter((r) => !opts.unless?.some((o) => r.seen.has(o)))
      .map((r) => ({ ...r, next: r.next + operands }));
    return commandsAfter(argv, readings, opts.none);
  };
}

function afterFirst(argv: readonly Arg[]): Inner[] {
  return argv.length > 1 ? [command(1, argv.length)] : [];
}

/** `builtin [--] NAME ARGS`: bash's builtins take `--` before their operands. */
function builtinCommand(argv: readonly Arg[]): Inner[] {
  const from = argv[1]?.static && argv[1].value === '--' ? 2 : 1;
  return argv.length > from ? [command(from, argv.length)] : [];
}

/** `sg GROUP CMD` runs CMD with /bin/sh; `ssh HOST CMD…` runs it in the remote shell. */
function remoteShell(spec: OptionSpec, noCommand: Inner | undefined) {
  return (argv: readonly Arg[]): Inner[] => {
    const inner: Inner[] = [];
    for (const r of readOptions(argv, 1, spec)) {
      let words = argv.slice(r.next + 1);
      if (words[0]?.static && words[0].value === '-c') words = words.slice(1);
      if (words.length) inner.push(...scriptOf(words, `the command given to ${argv[0].value}`));
      else if (noCommand) inner.push(noCommand);
    }
    return dedupe(inner);
  };
}

/** `parallel [opts] CMD ::: args`: CMD is run by a shell, once per argument. */
function parallel(argv: readonly Arg[]): Inner[] {
  const inner: Inner[] = [];
  for (const r of readOptions(argv, 1, { short: 'jSaIdE', long: ['jobs', 'sshlogin', 'arg-file', 'replace', 'delimiter', 'eof'] })) {
    let end = r.next;
    while (end < argv.length && !(argv[end].static && /^::::?\+?$/.test(argv[end].value))) end += 1;
    if (end > r.next) inner.push({ kind: 'unknown', reason: 'parallel fills in its command at run time' }, ...scriptOf(argv.slice(r.next, end), 'the command given to parallel'));
  }
  return dedupe(inner);
}

const WRAPPERS: Record<string, (argv: readonly Arg[]) => Inner[]> = {
  env,
  sudo,
  doas: wrapper({ short: 'Cu', flags: 'nsL' }, 0, { none: { kind: 'stdin' }, unless: ['C'] }),
  su,
  runuser: su,
  command: wrapper({ flags: 'pvV' }, 0, { unless: ['v', 'V'] }),
  builtin: builtinCommand,
  exec: wrapper({ short: 'a', flags: 'cl' }),
  nohup: wrapper({ longFlags: ['help', 'version'] }),
  time: wrapper({ short: 'fo', flags: 'apqv', long: ['format', 'output'], longFlags: ['append', 'verbose', 'portability', 'quiet'] }),
  coproc: afterFirst,
  nice: wrapper({ short: 'n', long: ['adjustment'], numericFlags: true }),
  timeout: wrapper({ short: 'ks', flags: 'v', long: ['kill-after', 'signal'], longFlags: ['foreground', 'preserve-status', 'verbose'] }, 1),
  stdbuf: wrapper({ short: 'ioe', long: ['input', 'output', 'error'] }),
  setsid: wrapper({ flags: 'cfw', longFlags: ['ctty', 'fork', 'wait'] }),
  chroot: wrapper({ long: ['userspec', 'groups'], longFlags: ['skip-chdir'] }, 1, { none: { kind: 'stdin' } }),
  ionice: wrapper({ short: 'cnpPu', flags: 't', long: ['class', 'classdata', 'pid', 'pgid', 'uid'], longFlags: ['ignore'] }, 0, { unless: ['p', 'P', 'u', 'pid', 'pgid', 'uid'] }),
  taskset: wrapper({ flags: 'acp', longFlags: ['all-tasks', 'cpu-list', 'pid'] }, 1, { unless: ['p', 'pid'] }),
  chrt: wrapper({ short: 'TPD', flags: 'abdefimoprRv', long: ['sched-runtime', 'sched-period', 'sched-deadline'] }, 1, { unless: ['p', 'pid', 'm', 'max'] }),
  flock,
  unbuffer: wrapper({ flags: 'p' }),
  busybox: afterFirst,
  strace: wrapper({ short: 'abeEIOopPsSuUX', flags: 'cCdDfFhikqrtTvVwxyzZn' }, 0, { unless: ['p'] }),
  ltrace: wrapper({ short: 'aeEFlLnopsSuwx', flags: 'bcCdfhiKrStTV' }, 0, { unless: ['p'] }),
  script: (argv) => {
    const inner: Inner[] = [];
    for (const r of readOptions(argv, 1, { short: 'cEIOBTm', flags: 'aefqhV', long: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format', 'output-limit'] })) {
      const c = r.seen.get('c') ?? r.seen.get('command');
      if (typeof c === 'string') inner.push({ kind: 'script', text: c });
    }
    return dedupe(inner);
  },
  sg: remoteShell({}, undefined),
  ssh: remoteShell({ short: 'BbcDEeFIiJLlmOopQRSWw', flags: '46AaCfGgKkMNnqsTtVvXxYy' }, { kind: 'stdin' }),
  xargs,
  find,
  watch,
  parallel,
  unshare: wrapper({ short: 'SGRw', flags: 'mupinUCTfrc', long: ['map-user', 'map-group', 'root', 'wd', 'propagation', 'setgroups'] }),
  // Less common programs that run a command after their options. An option not listed here is read every way it could be.
  pkexec: wrapper({ long: ['user'], longFlags: ['disable-internal-agent', 'keep-cwd', 'help', 'version'] }, 0, { none: { kind: 'stdin' } }),
  fakeroot: wrapper({ short: 'lisb', flags: 'uhv', long: ['lib', 'faked'], longFlags: ['unknown-is-real', 'help', 'version'] }, 0, { none: { kind: 'stdin' } }),
  nsenter: wrapper({ short: 'tSGN', flags: 'amutinpUCTrwFZceh' }, 0, { none: { kind: 'stdin' } }),
  setpriv: wrapper({ flags: 'dhV' }),
  prlimit: wrapper({ short: 'po', flags: 'ACdefilmnqrstuvxyhV', long: ['pid', 'output'] }, 0, { unless: ['p', 'pid'] }),
  // `runcon CONTEXT CMD`, or `runcon -t TYPE … CMD`: read both ways.
  runcon: (argv) => dedupe([...wrapper({ short: 'urtl', flags: 'c' })(argv), ...wrapper({ short: 'urtl', flags: 'c' }, 1)(argv)]),
  'systemd-run': wrapper({ short: 'MHpuE', flags: 'rPSGtqdh' }),
  toybox: afterFirst,
  'dbus-run-session': wrapper({ long: ['config-file', 'dbus-daemon'] }),
  'ssh-agent': wrapper({ short: 'aEPtO', flags: 'cDdkhs' }),
  'xvfb-run': wrapper({ short: 'fnpsew', flags: 'ahl' }),
  valgrind: wrapper({ flags: 'qvh' }),
  catchsegv: afterFirst,
  eatmydata: afterFirst,
  numactl: wrapper({ short: 'CNmpPiw', flags: 'alsHS' }),
  firejail: wrapper({}, 0, { none: { kind: 'stdin' } }),
  torsocks: wrapper({ short: 'uPpa', flags: 'diqh' }),
  proxychains: wrapper({ short: 'f', flags: 'q' }),
  proxychains4: wrapper({ short: 'f', flags: 'q' }),
  faketime: wrapper({ short: 'p', flags: 'mf', long: ['date-prog'], longFlags: ['exclude-monotonic'] }, 1),
  cgexec: wrapper({ short: 'g', longFlags: ['sticky'] }),
  chpst: wrapper({ short: 'uUbe/nlLmdopfcrt', flags: 'vP012' }),
  screen: wrapper({ short: 'SceEhpstTX', flags: 'dmDrRaAfFiLlOqUvx' }),
  gdb: (argv) => {
    const at = argv.findIndex((a) => a.static && a.value === '--args');
    return at > 0 && at + 1 < argv.length ? [command(at + 1, argv.length)] : [];
  },
  eval: evalBuiltin,
  trap: trapBuiltin,
  source: sourceBuiltin,
  '.': sourceBuiltin,
  alias: aliasBuiltin,
  hash: (argv) => (argv.some((a) => !a.static || /^-[a-z]*p/.test(a.value)) ? [{ kind: 'unknown', reason: '`hash -p` makes a name run another program' }] : []),
  // `fc -s`, `fc -e EDITOR` and a bare `fc` run commands from the history (`history -s`, `history -r FILE`); `-l` lists them.
  fc: (argv) => (argv.some((a) => !a.static) || !/^-[nr]*l[nrl]*$/.test(argv[1]?.value ?? '') ? [{ kind: 'unknown', reason: '`fc` runs commands from the history, which are not on the line' }] : []),
  enable: (argv) => (argv.some((a) => !a.static || /^-[a-z]*f/.test(a.value)) ? [{ kind: 'unknown', reason: '`enable -f` loads a builtin from a file' }] : []),
  let: evaluatedArguments,
  declare: evaluatedArguments,
  typeset: evaluatedArguments,
  local: evaluatedArguments,
  export: evaluatedArguments,
  readonly: evaluatedArguments,
  read: evaluatedArguments,
  unset: evaluatedArguments,
  test: evaluatedArguments,
  '[': evaluatedArguments,
  printf: printfBuiltin,
  compgen: compgenBuiltin,
  mapfile: mapfileBuiltin,
  readarray: mapfileBuiltin,
  wait: evaluatedArguments,
  getopts: getoptsBuiltin,
};

/** What else a command runs, given its words; nothing for a program that runs nothing else. */
export function innerOf(argv: readonly Arg[]): Inner[] {
  const first = argv[0];
  if (!first?.static) return [];
  const name = programName(first.value);
  if (SHELLS.has(name)) return shell(argv);
  const read = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
  return read ? read(argv) : [];
}

