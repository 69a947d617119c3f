/**
 * Random command lines for the plain reader's differential tests
 * (bash-plain-line.test.ts): plain words and joins, wrapped commands, and
 * blocks (loops, here-documents, `if`, `case`, tests), each piece picked
 * from what the plain reader reads or, now and then, from shapes it must
 * leave to the whole splitter. mulberry32 from PLAIN_SEED, so a failing
 * seed can be run again.
 */
export const WORDS = ['git', 'status', 'ls', '-la', 'rm', '-rf', 'x', 'make', 'test', 'cat', 'echo', 'a=b', '--out=dist', '1', '2', '/dev/null', 'out.txt', ':', '%1', 'sudo', 'env', 'xargs', 'find', '-exec', 'bash', 'sh', '-c', 'eval', 'exec', 'time', 'nice', 'timeout', 'nohup', 'export', 'declare', 'let', 'if', 'then', 'fi', 'do', 'done', 'for', 'in', 'trap', 'alias', 'source', '.', 'ssh', 'su', 'watch', 'parallel', 'git', 'npm', 'run', 'a.b', 'a,b', '@x', '+x', 'then1', 'fi.x', '-', '--', 'until', 'while', 'case', 'esac', 'select', 'coproc', 'function', 'local', 'readonly', 'typeset', 'unset', 'builtin', 'command', 'enable', 'hash', 'printf', '-v', 'read', 'mapfile', 'type', 'x=', '=x', 'a+=b', 'CI=1', 'LC_ALL=C', 'A="x y"', "B='\$(rm x)'", 'PS4=x', 'PS1=x', 'BASH_FUNC_f%%=x', 'PROMPT_COMMAND=ls', 'BASH_ENV=x', 'PATH=.', 'IFS=x', 'A=$x', 'A=$(rm x)', 'A=*', 'doas', 'chroot', 'stdbuf', 'strace', 'perl', 'python3', 'node', '-e', 'busybox', 'script', 'runuser', 'setsid', 'flock', 'nsenter', 'ionice', 'taskset', 'git', '-C', 'npx', 'dist', "'a b'", '"a b"', "'rm'", '"rm"', "''", '""', '$HOME', '"$HOME"', '${X}', '"${X}"', '$a$b', '"a $b c"', '$_', '"$PATH:/x"', '$x/y', "'$x'", '$X.txt', '-$x', '"-c"$x', '*', '*.ts', 'src/*.js', '?', 'a?b', '"*"', "'?'", '**/x', '*$x', '-*', '--include=*.ts', '$*', '?(a)', '*.{a,b}', '$(pwd)', '"$(pwd)"', '`date`', '"`id`"', '$(rm x)', '$(a; b)', '$(a | b)', '$(a && rm x)', '$(sudo rm x)', '$(a > f)', '$(a 2>&1)', '"a $(b) c"', '$(a)$(b)', '$(a)/x', '$( a )', '$(eval x)', '$(x=1)', '`a; b`', '$((1))', '$(a &)', '$(a;)', "'$(a)'", '$(a "b")', "'a;b'", '"a && b"', "'$(rm x)'", "'*'", '"~"', "a'b'", '"x"y', "'if'", '"a=b"', "'-c'", "'>x'", "'['", "'{'", "'!'", "'(x)'", "'a b'c", '"!x"', "'#'", '"%1"', "'time'", '"coproc"'];
const JOINS = [' ', ' ', ' ', ' && ', ' || ', '; ', ';', ' | ', '|', ' & ', '&&', ' > ', '>', ' >> ', ' 2> ', ' 2>&1 ', ' &> ', ' < ', ' >&2 ', ' 2>&- ', '  ', '\t', ' 1> ', ' 0< ', '>>', ' &>> ', ' 2>>'];

/** mulberry32 from PLAIN_SEED (the same lines each run), whose every bit is random: `random(n)` is in [0, n). */
function seeded(): (n: number) => number {
  let seed = Number(process.env.PLAIN_SEED ?? 12345) >>> 0;
  return (n: number) => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

/** `count` lines of `words` joined by JOINS. */
export function* randomLines(words: readonly string[], count: number): Generator<string> {
  const random = seeded();
  for (let i = 0; i < count; i++) {
    let line = words[random(words.length)];
    for (let k = random(8); k > 0; k--) line += JOINS[random(JOINS.length)] + words[random(words.length)];
    if (random(4) === 0) line += [';', ' &', ' ;', '&'][random(4)];
    yield line;
  }
}

/** Every program innerOf knows (bash-wrappers.ts, bash-builtins.ts), with the options each reads, as a command's first words. */
const WRAPPERS = [
  'env', 'env -i', 'env FOO=1', 'env -u HOME', 'env -C .', 'env -', 'env --', 'env -S', 'env PS4=x', 'env BASH_FUNC_f%%=x', '/usr/bin/env',
  'sudo', 'sudo -u root', 'sudo -E', 'sudo -n -H', 'sudo FOO=1', 'sudo --', 'sudo --user=root', 'sudo -s', 'sudo -i', 'sudo -e', 'sudo -x',
  'doas', 'doas -u root', 'doas -n', 'doas -s', 'doas -C x', 'su', 'su -', 'su root', 'runuser -u root', 'runuser -u root --', 'runuser -l root',
  'command', 'command -p', 'command -v', 'builtin', 'exec', 'exec -a name', 'exec -c', 'nohup', 'time', 'time -p', 'coproc',
  'nice', 'nice -n 5', 'nice -5', 'nice --adjustment=5', 'nice -n10', 'timeout 5', 'timeout -s KILL 5', 'timeout --foreground 5', 'timeout -k 1 5', 'timeout -k5 5s',
  'stdbuf -oL', 'stdbuf -o L -e 0', 'stdbuf -i0 -o0', 'setsid', 'setsid -w', 'setsid -f', 'chroot /', 'chroot --userspec=a:b /', 'chroot',
  'ionice -c 3', 'ionice -c3', 'ionice -p 1', 'ionice -t', 'taskset 1', 'taskset -c 0', 'taskset -p 1', 'chrt 1', 'chrt -r 1', 'chrt -p 1',
  'flock f', 'flock -n f', 'flock -w 1 f', 'flock -x', 'unbuffer', 'unbuffer -p', 'busybox', 'strace', 'strace -f -o log', 'strace -p 1', 'strace -z',
  'ltrace -c', 'ltrace -p 1', 'script', 'script -q', 'sg wheel', 'ssh host', 'ssh -p 22 host', 'ssh -t host', 'ssh',
  'xargs', 'xargs -0', 'xargs -n 1', 'xargs -n1', 'xargs -I {}', 'xargs -I{}', 'xargs -I %', 'xargs -i', 'xargs -P 4 -r', 'xargs --max-args=1', 'xargs -Z',
  'find . -exec', 'find . -name x -execdir', 'find . -ok', 'find . -type f -exec true \';\' -exec', 'find', 'watch', 'watch -n 1', 'watch -x', 'watch -q',
  'parallel', 'unshare -r', 'unshare -m', 'unshare -S 0', 'eval', 'eval --', 'trap', 'trap --', 'trap -p', 'source', '.', 'alias', 'hash', 'hash -p /bin/rm', 'hash -r',
  'enable', 'enable -f x', 'let', 'declare', 'export', 'read', 'test', "'['", 'printf -v x', 'printf', 'mapfile', 'wait', 'type',
  'bash', 'sh', 'bash -x', 'bash -e', 'bash -s', 'bash -o errexit', 'bash --norc', 'bash +x', 'bash +o posix', 'bash -l', 'zsh', 'dash', 'ksh', '/bin/sh',
];
/** What runs a script given after it. */
const SCRIPT_RUNNERS = ['bash -c', 'sh -c', 'bash -xc', 'bash -lc', 'bash -e -c', 'bash -o pipefail -c', 'bash --norc -c', 'sh -c --', 'dash -c', 'zsh -c', '/bin/bash -c', 'eval', 'eval --', 'su -c', 'su root -c', 'su -lc', 'runuser -l root -c', 'flock f -c', 'script -c', 'script -q -c', 'sg wheel -c', 'ssh host', 'watch', 'watch -n 1', 'trap', 'trap --', 'alias a=', 'env -S', 'env --split-string='];
/** A wrapped command's words. */
const COMMAND_WORDS = ['rm', 'x', '-rf', 'ls', '-la', 'git', 'status', 'make', 'test', 'npm', 'run', 'apt-get', 'update', './x', '/bin/rm', '{}', '%', '$x', '"$HOME"', '*.o', "'a b'", '-', '--', '-n', '5', 'FOO=1', 'PS4=x', '$(pwd)', '`date`', 'EXIT', ':::', 'a', ';', "';'", '+', 'sudo', 'bash', 'sh', '-c', 'eval', 'time', 'if'];
/** Scripts that are not a plain line, or not static text. */
const NOT_PLAIN_SCRIPTS = ['if true; then ls; fi', 'ls > $(a)', '(rm x)', '{ rm x; }', 'cat <<EOF', 'echo $((1))', 'rm $(a "b")', '$x', '$(rm x)', 'a\\b', 'for f in *; do rm $f; done', 'echo ~', 'rm x #', '', ' ', 'a |& b', 'a;; b'];

/** Lines of wrapped commands (nested, and running scripts that are plain or not), joined by JOINS. */
export function* randomWrappedLines(count: number): Generator<string> {
  const random = seeded();
  const pick = <T>(xs: readonly T[]): T => xs[random(xs.length)];
  const quoted = (script: string): string => {
    if (!script.includes("'") && random(2)) return `'${script}'`;
    return script.includes('"') ? (script.includes("'") ? script : `'${script}'`) : `"${script}"`;
  };
  const command = (depth: number): string => {
    const words: string[] = [];
    for (let k = random(4); k > 0; k--) words.push(pick(WRAPPERS));
    if (depth < 3 && random(3) === 0) words.push(pick(SCRIPT_RUNNERS), quoted(script(depth + 1)));
    else for (let k = 1 + random(3); k > 0; k--) words.push(pick(COMMAND_WORDS));
    if (random(3) === 0) words.push(pick(["{} +", "{} ';'", '{}', 'EXIT', '::: a', '_ arg', '/dev/null']));
    return words.join(' ');
  };
  const script = (depth: number): string => {
    if (random(6) === 0) return pick(NOT_PLAIN_SCRIPTS);
    let text = command(depth);
    for (let k = random(3); k > 0; k--) text += pick(['; ', ' && ', ' | ', ' || ', ' & ']) + command(depth);
    return text;
  };
  for (let i = 0; i < count; i++) {
    let line = command(0);
    for (let k = random(3); k > 0; k--) line += pick(JOINS) + command(0);
    if (random(4) === 0) line += pick([';', ' &', ' < list', ' > out.txt']);
    yield line;
  }
}

/**
 * Loops and here-documents: each piece is picked from what the plain reader reads (`good`) or, one time in
 * five, from shapes it must leave or the whole splitter reads otherwise (`bad`).
 */
const BLOCK = {
  commands: {
    good: ['ls -la', 'wc -l "$f"', 'echo $f', 'rm -rf x', 'git status', 'make test', 'true', 'false', 'sleep 1', 'echo done', 'echo for in do', 'cat $f > out.txt', 'ls >> log 2>&1', 'read -r line', 'read line',
      'echo "$line"', 'A=1 ls', 'nice ls', 'sudo rm $f', 'xargs rm', 'cp "$f" dist/', 'echo $(ls)', 'echo "$(pwd)"', 'echo `date`', 'grep -n x *.ts', 'bash -c "ls $f"', "bash -c 'for g in a; do ls; done'",
      '[ -f "$f" ]', 'test -n "$1"', '[[ $f == *.ts ]]', 'echo then fi else', "bash -c 'if [ -f x ]; then ls; fi'"],
    bad: ['test -f x', 'sh', '$f', '"$f" x', 'ls > $f', '[ -f "$f" ]', '! true', 'time ls', 'if true; then ls; fi', '(cd x)', '{ ls; }', 'echo ~', 'ls # c', 'let x=1', 'echo $((1))', 'echo ${f%.ts}', 'echo "$@"', 'done', 'do', 'for', 'in', 'ssh host',
      "echo '$(id)'", "cat <<'E'\n`id`\nE", 'then', 'fi', 'esac', 'elif', ';;', 'echo ]', '[ x'],
  },
  joins: { good: [' && ', ' || ', ' | ', '; ', '\n', ' & ', ';', ' &&\n  ', ' |\n'], bad: [';;', ' ;; ', '\n;', ' & ;', ' |& '] },
  loopWords: { good: ['*.ts', 'a b c', 'src/*', '$(ls)', '`ls`', '"a b"', '$x', "'x y'", 'a', '$(ls *.ts)', '"$x"/y', 'x.ts', '{}', 'done.txt', '-n', 'a=b'], bad: ['"$@"', '{1..3}', 'do', 'done', 'in', 'x;', 'a\nb', ''] },
  loopNames: { good: ['f', 'line', '_x1', 'i'], bad: ['1x', '"f"', '$f', 'in', 'do', 'f=1', ''] },
  separators: { good: ['; ', ';', ' ; ', '\n', ';\n', '\n\n', ' \n  ', '\n\t'], bad: ['&& ', '', ' & ', ' | '] },
  afterDone: {
    good: ['', '', '', '; ls', ' && make test', ' || true', ' | sort', ' &', '\nls', ';', '\n', ' > out.txt', ' 2>&1', ' < in.txt', ' >> log 2>&1 | wc', ' 2>/dev/null', '>x &&ls'],
    bad: [' x', ' <<EOF\nhi\nEOF', ' done', ' (x)', ' > $f', ' > out x', ' 2>&1 x', ' >&-', ' <<< x'],
  },
  heredocCommands: { good: ['cat', 'cat', 'tee out.txt', 'cat > x.txt', 'cat >> x.txt 2>&1', 'wc -l', 'grep -n x', 'sudo tee /etc/x', 'cat -n', 'nice cat', 'A=1 cat', 'cat $f', 'kubectl apply -f -', 'xargs rm'],
    bad: ['sh', 'bash', 'sudo sh', 'python3', 'node', 'ssh host', 'mysql', 'env sh', 'bash -s', 'tee $f', 'sudo -s', 'su', 'eval'] },
  operators: { good: ['<<', '<<', '<<-', '<< ', '<<- '], bad: ['<<<', '< <', '<<-\t'] },
  delimiters: { good: ['EOF', "'EOF'", '"EOF"', 'END_1', "'END_1'", 'x'], bad: ['E"O"F', '\\EOF', '1', '-', "'E F'", 'EOF>x', '$X', "'EOF", 'EOF"'] },
  heredocAfter: {
    good: ['', '', '', ' > out.txt', ' > /dev/null', ' 2>&1', ' | grep x', ' && ls', ' || ls', ' | wc -l > n.txt', ' >> log', '; ls', ' & ls', ';  git add f', ' ; ls; rm x & ls', '&\tls', ' && ls; rm x', ' | grep x; ls', '; ls && rm x'],
    bad: [' | sh', ' -n', ' <<EOF2', ' |', ' &', ';', '|rm x', ';rm x', '&&ls', '>x', '&', ')', ' > f; ls', ' -n | wc', ' 2>&1 | wc', ' 2>& 1; ls', '; ', '; sh', ' & (ls)', ';;', '; esac'],
  },
  bodyLines: {
    good: ['hello', 'hello $USER', '${HOME}/x', 'a=b c', "it's", '"q"', '', ' ', '\tindented', 'rm -rf /', 'done', 'for f in x', ';', '<<EOF', 'a b c', '#c', '{}', '*.ts', '  EOF is not here', 'x EOF', '$a[0]', '$a-b', '$_x', '${a}b$c', 'a=$b', '$a.$b', '~', '$a{b}', '"${a}"', 'EOF=1 $a'],
    bad: ['$(rm x)', '`id`', 'a\\b', '\\$x', '$1', '$((1+2))', '${x:-y}', '$', 'a\\', 'EOFX', 'EOF ', ' EOF', '\tEOF', 'XEOF', 'EOF2', 'END_1x', 'é', '\\', '$(', '${', '$@'],
  },
  ifs: { good: ['if ', 'if\t'], bad: ['if;', 'elif ', 'fi '] },
  thens: { good: ['then ', 'then\n', 'then\n  '], bad: ['then;', 'then', 'do ', ''] },
  fis: { good: ['fi', 'fi', 'fi'], bad: ['', 'done', 'fi fi', '"fi"', 'esac', 'fi;fi'] },
  operands: { good: ['x', '"$x"', '$x', '"a b"', '$(pwd)', '"$(ls)"', 'src/x.ts', '1', "'q'", '$1', '*.ts', '"*"', '{}'], bad: ['-x', "'$(rm x)'", "'$x'", '(', '~', '$@', '""', ']', '!', 'x]', '`id`'] },
  unary: { good: ['-f', '-d', '-n', '-z', '-e', '-x', '-s', '-L'], bad: ['-q', '-nt', '=', '-o', '-t', '-v'] },
  binary: { good: ['=', '==', '!=', '-eq', '-ne', '-lt', '-gt', '-nt'], bad: ['=~', '<', '>', '-a', '-o', '-q', '-f'] },
  caseWords: { good: ['x', '$x', '"$1"', '"$x"', '${x}', 'a.b', '$1'], bad: ['$(ls)', '"a b"', '$@', '*', 'in', "'x'", '$1x'] },
  patterns: { good: ['a', 'b*', '*', '?', 'start', '*.ts', 'x|y', 'a|b|c', '-h|--help'], bad: ['(a', '"a"', '$x', 'esac', 'in', '[ab]', '', 'a|', '*)'] },
  caseEnds: { good: [' ;;', ';;', '\n;;', ';;\n', ' ;; ', '\n  ;;\n'], bad: [';&', ';;&', ';', '', ' ;;&', '; ;;'] },
};

/** A test: `[ … ]`, `[[ … ]]` or `test …`, with plain and other operands and operators. */
function randomTest(random: (n: number) => number, choose: (set: { good: readonly string[]; bad: readonly string[] }) => string): string {
  const kind = random(3);
  const term = () => {
    const not = random(5) ? '' : '! ';
    const r = random(3);
    if (r === 0) return `${not}${choose(BLOCK.operands)}`;
    if (r === 1) return `${not}${choose(BLOCK.unary)} ${choose(BLOCK.operands)}`;
    return `${not}${choose(BLOCK.operands)} ${choose(BLOCK.binary)} ${choose(BLOCK.operands)}`;
  };
  let inside = term();
  const joins = kind === 1 ? { good: [' && ', ' || '], bad: [' -a ', ' && ! ', '&&'] } : { good: [' -a ', ' -o '], bad: [' && ', ' || ', ' -a -o '] };
  for (let k = random(3) ? 0 : 1 + random(2); k > 0; k--) inside += choose(joins) + term();
  if (kind === 2) return `test ${inside}`;
  const [open, close] = kind === 1 ? ['[[', ']]'] : ['[', ']'];
  return random(12) ? `${open} ${inside} ${close}` : random(2) ? `${open}${inside} ${close}` : `${open} ${inside}${close}`;
}

/** Lists of loops, here-documents and commands, nested, with plain and other contents, well and badly ended. */
export function* randomBlockLines(count: number): Generator<string> {
  const random = seeded();
  const pick = <T>(xs: readonly T[]): T => xs[random(xs.length)];
  const choose = (set: { good: readonly string[]; bad: readonly string[] }): string => (random(5) ? pick(set.good) : pick(set.bad));
  // The many pieces of an if or a case are each bad more rarely, so that many are whole.
  const rare = (set: { good: readonly string[]; bad: readonly string[] }): string => (random(15) ? pick(set.good) : pick(set.bad));
  const list = (depth: number): string => {
    let text = item(depth);
    for (let k = random(3); k > 0; k--) text += choose(BLOCK.joins) + item(depth);
    return text;
  };
  const item = (depth: number): string => {
    const r = random(14);
    if (depth < 3 && r < 3) return loop(depth + 1);
    if (depth < 3 && r < 5) return heredoc();
    if (depth < 3 && r < 7) return ifBlock(depth + 1);
    if (depth < 3 && r < 8) return caseBlock(depth + 1);
    if (r < 10) return randomTest(random, choose);
    return choose(BLOCK.commands);
  };
  const condition = (depth: number): string => (random(2) ? randomTest(random, rare) : list(depth));
  const ifBlock = (depth: number): string => {
    let text = `${rare(BLOCK.ifs)}${condition(depth)}${rare(BLOCK.separators)}${rare(BLOCK.thens)}${list(depth)}${rare(BLOCK.separators)}`;
    for (let k = random(3) ? 0 : 1 + random(2); k > 0; k--) text += `elif ${condition(depth)}${rare(BLOCK.separators)}${random(10) ? rare(BLOCK.thens) : ''}${list(depth)}${rare(BLOCK.separators)}`;
    if (random(2)) text += `else${pick([' ', '\n', '\n  '])}${list(depth)}${rare(BLOCK.separators)}`;
    return `${text}${rare(BLOCK.fis)}${rare(BLOCK.afterDone)}`;
  };
  const caseBlock = (depth: number): string => {
    let text = `case ${rare(BLOCK.caseWords)} in${pick([' ', '\n', '\n  '])}`;
    const count = 1 + random(3);
    for (let k = 0; k < count; k++) {
      const last = k === count - 1;
      text += `${rare(BLOCK.patterns)}) ${random(2) ? rare(BLOCK.commands) : list(depth)}`;
      text += last && random(3) === 0 ? pick(['\n', '; ', ';\n']) : `${rare(BLOCK.caseEnds)}${pick([' ', '\n', '\n  '])}`;
    }
    return `${text}${random(15) ? 'esac' : pick(['', 'fi', 'esac esac', '"esac"'])}${rare(BLOCK.afterDone)}`;
  };
  const loop = (depth: number): string => {
    const done = random(15) ? 'done' : pick(['', 'done;done', 'fi', '"done"', 'done done']);
    const body = `${random(8) ? pick(['do ', 'do\n', 'do\n  ']) : pick(['do;', 'do', 'do;\n'])}${list(depth)}${rare(BLOCK.separators)}${done}${rare(BLOCK.afterDone)}`;
    if (random(3) === 0) return `${random(8) ? pick(['while', 'until']) : pick(['while !', 'while ((1))', 'until [[ x ]]'])} ${list(depth)}${rare(BLOCK.separators)}${body}`;
    const words = random(8) ? ` in ${Array.from({ length: 1 + random(3) }, () => rare(BLOCK.loopWords)).join(' ')}` : '';
    return `for ${rare(BLOCK.loopNames)}${words}${rare(BLOCK.separators)}${body}`;
  };
  const heredoc = (): string => {
    const delimiter = rare(BLOCK.delimiters);
    const word = delimiter.replace(/['"\\]/g, '');
    const operator = rare(BLOCK.operators);
    // The body's lines, with the delimiter's name in them where they say EOF.
    const body = Array.from({ length: random(4) }, () => rare(BLOCK.bodyLines).replace(/EOF/g, word)).map((l) => (random(3) ? l : `hi ${l}`));
    const ending = random(8) ? (operator.startsWith('<<-') && random(2) ? `\t\t${word}` : word) : pick([`${word} `, ` ${word}`, `\t${word}`, `${word}x`, '', `${word}\t`]);
    const lines = [`${rare(BLOCK.heredocCommands)} ${operator}${delimiter}${rare(BLOCK.heredocAfter)}`, ...body];
    return random(15) ? `${lines.join('\n')}\n${ending}` : lines.join('\n');
  };
  for (let i = 0; i < count; i++) {
    let line = list(0);
    if (random(4) === 0) line += pick(['\n', ';', ' &', '\n\n', '\nmake test', '; git status', '\n  \n']);
    yield line;
  }
}
