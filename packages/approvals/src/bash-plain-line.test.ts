import { beforeAll, describe, expect, it } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import { attacks, UNSPLITTABLE } from './bash-attack-corpus.js';
import { loadBashParser, splitWith } from './bash-parts.js';
import { splitPlainLine } from './bash-plain-line.js';

let parser: Parser;
beforeAll(async () => {
  parser = await loadBashParser();
});

/** Where the plain reader answers, it answers what the whole splitter does, and the line is complete. */
function agrees(line: string): boolean {
  const plain = splitPlainLine(line);
  if (!plain) return false;
  const whole = splitWith(parser, line);
  expect(whole.incomplete, line).toBeUndefined();
  expect(plain, line).toEqual(whole.parts);
  return true;
}

const WORDS = ['git', 'status', 'ls', '-la', 'rm', '-rf', 'x', 'make', 'test', 'cat', 'echo', 'a=b', '--out=dist', '1', '2', '/dev/null', 'out.txt', ':', '%1', 'sudo', 'env', 'xargs', 'find', '-exec', 'bash', 'sh', '-c', 'eval', 'exec', 'time', 'nice', 'timeout', 'nohup', 'export', 'declare', 'let', 'if', 'then', 'fi', 'do', 'done', 'for', 'in', 'trap', 'alias', 'source', '.', 'ssh', 'su', 'watch', 'parallel', 'git', 'npm', 'run', 'a.b', 'a,b', '@x', '+x', 'then1', 'fi.x', '-', '--', 'until', 'while', 'case', 'esac', 'select', 'coproc', 'function', 'local', 'readonly', 'typeset', 'unset', 'builtin', 'command', 'enable', 'hash', 'printf', '-v', 'read', 'mapfile', 'type', 'x=', '=x', 'a+=b', 'CI=1', 'LC_ALL=C', 'A="x y"', "B='\$(rm x)'", 'PS4=x', 'PS1=x', 'BASH_FUNC_f%%=x', 'PROMPT_COMMAND=ls', 'BASH_ENV=x', 'PATH=.', 'IFS=x', 'A=$x', 'A=$(rm x)', 'A=*', 'doas', 'chroot', 'stdbuf', 'strace', 'perl', 'python3', 'node', '-e', 'busybox', 'script', 'runuser', 'setsid', 'flock', 'nsenter', 'ionice', 'taskset', 'git', '-C', 'npx', 'dist', "'a b'", '"a b"', "'rm'", '"rm"', "''", '""', '$HOME', '"$HOME"', '${X}', '"${X}"', '$a$b', '"a $b c"', '$_', '"$PATH:/x"', '$x/y', "'$x'", '$X.txt', '-$x', '"-c"$x', '*', '*.ts', 'src/*.js', '?', 'a?b', '"*"', "'?'", '**/x', '*$x', '-*', '--include=*.ts', '$*', '?(a)', '*.{a,b}', '$(pwd)', '"$(pwd)"', '`date`', '"`id`"', '$(rm x)', '$(a; b)', '$(a | b)', '$(a && rm x)', '$(sudo rm x)', '$(a > f)', '$(a 2>&1)', '"a $(b) c"', '$(a)$(b)', '$(a)/x', '$( a )', '$(eval x)', '$(x=1)', '`a; b`', '$((1))', '$(a &)', '$(a;)', "'$(a)'", '$(a "b")', "'a;b'", '"a && b"', "'$(rm x)'", "'*'", '"~"', "a'b'", '"x"y', "'if'", '"a=b"', "'-c'", "'>x'", "'['", "'{'", "'!'", "'(x)'", "'a b'c", '"!x"', "'#'", '"%1"', "'time'", '"coproc"'];
const JOINS = [' ', ' ', ' ', ' && ', ' || ', '; ', ';', ' | ', '|', ' & ', '&&', ' > ', '>', ' >> ', ' 2> ', ' 2>&1 ', ' &> ', ' < ', ' >&2 ', ' 2>&- ', '  ', '\t', ' 1> ', ' 0< ', '>>', ' &>> ', ' 2>>'];

/** `count` lines of `words` joined by JOINS, from PLAIN_SEED (the same lines each run): mulberry32, whose every bit is random. */
function* randomLines(words: readonly string[], count: number): Generator<string> {
  let seed = Number(process.env.PLAIN_SEED ?? 12345) >>> 0;
  const random = (n: number) => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
  for (let i = 0; i < count; i++) {
    let line = words[random(words.length)];
    for (let k = random(8); k > 0; k--) line += JOINS[random(JOINS.length)] + words[random(words.length)];
    if (random(4) === 0) line += [';', ' &', ' ;', '&'][random(4)];
    yield line;
  }
}

describe('splitPlainLine', () => {
  it('reads plain lists, pipelines and redirections as the whole splitter does', () => {
    const lines = [
      'git status && ls -la src > /dev/null; make test1',
      'a && b | c; d',
      'git status || true & rm x',
      'npm test 2>&1 | tail -20',
      'ls >out -la',
      'make 2> err.log >> out.log; cat out.log',
      'npm run build &> build.log &',
      'rm -rf dist; tsc -p tsconfig.json --outDir=dist',
      'sort < in.txt > out.txt',
      'echo a=b c,d e@f %1 +x',
      'sleep 1 & wait',
      'ls;ls',
      'cmd >&2',
      'git commit -m "fix: the parser (see #12)"',
      "grep -rn 'a && b; (c) *.ts ~' src",
      'echo "a"\'b\'c d',
      'ls > "out file"',
      '"rm" x',
      "echo '' \"\" x",
      'git status && ls -la "$HOME" > /dev/null; make test1',
      'echo $HOME ${USER}x "a $PATH b" "${A}" $a$b "$x"y',
      'cp "$SRC/a.txt" $DEST/ && ls $DEST',
      'rm -rf $TMPDIR',
      'rm -f dist/*.js && grep -rn foo --include=*.ts src/ a?c',
      'git status && ls -la "$(pwd)" > /dev/null; make test1',
      'echo $(git rev-parse HEAD) `date` "a $(b; c) d" $(d | e)/x "`f`" && cd $(dirname x)',
      'echo $(a > out.txt 2>&1) $( b ) `c &`',
      'git status && LC_ALL=C ls -la src > /dev/null; make test1',
      'CI=1 NODE_ENV="test x" npm test -- --run && A=b=c B= ls',
    ];
    for (const line of lines) expect(agrees(line), line).toBe(true);
    expect(splitPlainLine('git status && ls -la src > /dev/null; make test1')?.map((p) => p.text)).toEqual(['git status', 'ls -la src', 'make test1']);
    expect(splitPlainLine('make 2> err.log')?.map((p) => p.text)).toEqual(['make', '> err.log']);
    // A variable's value is kept as written, quotes removed, as the whole splitter keeps it.
    expect(splitPlainLine('ls -la "$HOME" ${X}/y src/*.ts')?.[0]?.argv).toEqual(['ls', '-la', '$HOME', '${X}/y', 'src/*.ts']);
    // A substitution's commands are parts after the command that holds them.
    expect(splitPlainLine('cd "$(dirname x)" && ls')?.map((p) => p.text)).toEqual(['cd "$(dirname x)"', 'dirname x', 'ls']);
    // Assignments before a program are in its part's text, not in its argv.
    expect(splitPlainLine('CI=1 npm test')?.map((p) => [p.text, p.program, p.argv.join(' ')])).toEqual([['CI=1 npm test', 'npm', 'npm test']]);
  });

  it('leaves every line it is not sure of to the whole splitter', () => {
    const unsure = [
      'FOO=1', 'A=1 B=2', 'FOO=1 sudo rm x', 'FOO=$x ls', 'FOO=$(rm x) ls', 'FOO=`rm x` ls', 'FOO=* ls', 'PS4=x ls', 'BASH_FUNC_ls%%=x ls', 'PROMPT_COMMAND=x ls', 'A+=1 ls', 'a[0]=1 ls', 'A=(x) ls', 'A=1 $x', 'A=1 export B', 'sudo rm x', 'env rm x', 'xargs rm', 'find . -exec rm {} ;', 'bash -c ls', 'sh', 'eval ls', 'exec rm x', 'command rm x',
      'time rm x', 'nohup rm x', 'export A=1', 'declare -i x', 'let x=1', 'trap ls EXIT', 'alias ls=rm', 'source x', '. x', 'if true', 'echo ~',
      'echo "$1"', 'echo $?', 'echo "$@"', 'echo $$', 'echo ${x:-a}', 'echo "${x#a}"', 'echo ${#x}', 'echo ${!x}', 'echo $x[0]', 'echo "$"', 'echo $', "echo $'a'", 'echo $"a"',
      '$cmd x', '"$cmd" x', 'ls > $f', 'ls > "$f"', 'sudo $x', 'env $x', 'xargs $x', 'bash -c "$x"', 'sh $x', 'find . -exec $x', 'echo "a\\b"', "echo 'a", 'echo "a', '"a=b" c', "bash -c 'rm x'", 'echo ${x:=`id`}', 'echo $((1+2))', 'echo $( (a) )', 'echo $(a "b")', "echo $(a 'b')", 'echo $(a $b)', 'echo $(a `b`)', 'echo "$(a "b")"', 'echo $()', 'echo ``', 'echo $(', 'echo `a',
      'echo $(sudo rm x)', 'echo `bash -c x`', '$(a) b', '`a` b', 'ls > $(a)', 'ls > `a`', 'echo <(a)', 'echo $(a\\b)', 'echo "`a\\`"',  '*.ts x', 'ls > *.txt', 'echo $*', 'echo [ab]', 'echo ?(a)', 'echo *(a)', 'echo {a,b}', 'echo a\\ b', 'a\nb', 'a #c', '(a)', '{ a; }', '! a',
      'a &&', 'a ||', 'a |', '&& a', '; a', 'a;; b', 'a |& b', '> x', 'a 12>x', 'a b2>x', 'a >&file', 'cmd 2>&-', 'a 0< f', 'a <&0', 'a >| x', 'a <> x', 'cat <<EOF', 'cat <<< x',
      'a >', 'a > >x', 'a>b>c', '', 'find - 2> f', 'a | find -  2>> f', 'A=1 >&2 ls', 'a | A=1 2>&1 b', '2>&1 ls',
    ];
    for (const line of unsure) expect(splitPlainLine(line), JSON.stringify(line)).toBeUndefined();
  });

  it('agrees with the whole splitter on every attack line it reads, and reads none that hides a program', () => {
    let read = 0;
    for (const attack of attacks()) {
      if (!agrees(attack.line)) continue;
      read++;
      expect(splitPlainLine(attack.line)!.map((p) => p.program_name), attack.line).toContain(attack.program);
    }
    for (const line of UNSPLITTABLE) expect(splitPlainLine(line), line).toBeUndefined();
    expect(read).toBeGreaterThan(0);
  });

  it('agrees with the whole splitter on random plain lines', () => {
    let read = 0;
    let expanding = 0;
    for (const line of randomLines(WORDS, Number(process.env.PLAIN_LINES ?? 20000))) {
      if (!agrees(line)) continue;
      read++;
      if (/[$*?]/.test(line)) expanding++;
    }
    expect(read).toBeGreaterThan(1200);
    // Lines with a variable or a glob, read without the parser.
    expect(expanding).toBeGreaterThan(250);
  });

  it('agrees with the whole splitter on random lines of plain words and expansions', () => {
    // Plain words with expansions only, so that many lines hold a substitution and nothing else the reader refuses.
    const words = [...WORDS.filter((w) => /^[a-z0-9.-]+$/.test(w)).slice(0, 30), ...WORDS.filter((w) => /[$`*?]/.test(w))];
    let substituting = 0;
    for (const line of randomLines(words, Number(process.env.PLAIN_LINES ?? 20000))) {
      if (agrees(line) && /\$\(|`/.test(line)) substituting++;
    }
    expect(substituting).toBeGreaterThan(120);
  });
});
