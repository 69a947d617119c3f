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
    ];
    for (const line of lines) expect(agrees(line), line).toBe(true);
    expect(splitPlainLine('git status && ls -la src > /dev/null; make test1')?.map((p) => p.text)).toEqual(['git status', 'ls -la src', 'make test1']);
    expect(splitPlainLine('make 2> err.log')?.map((p) => p.text)).toEqual(['make', '> err.log']);
  });

  it('leaves every line it is not sure of to the whole splitter', () => {
    const unsure = [
      'FOO=1 rm x', 'sudo rm x', 'env rm x', 'xargs rm', 'find . -exec rm {} ;', 'bash -c ls', 'sh', 'eval ls', 'exec rm x', 'command rm x',
      'time rm x', 'nohup rm x', 'export A=1', 'declare -i x', 'let x=1', 'trap ls EXIT', 'alias ls=rm', 'source x', '. x', 'if true', 'echo ~',
      'echo "$x"', 'echo "a\\b"', 'echo "`id`"', "echo 'a", 'echo "a', '"a=b" c', "bash -c 'rm x'", 'echo $x', 'echo `id`', 'echo *', 'echo {a,b}', 'echo a\\ b', 'a\nb', 'a #c', '(a)', '{ a; }', '! a',
      'a &&', 'a ||', 'a |', '&& a', '; a', 'a;; b', 'a |& b', '> x', 'a 12>x', 'a b2>x', 'a >&file', 'cmd 2>&-', 'a 0< f', 'a <&0', 'a >| x', 'a <> x', 'cat <<EOF', 'cat <<< x',
      'a >', 'a > >x', 'a>b>c', '',
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
    const words = ['git', 'status', 'ls', '-la', 'rm', '-rf', 'x', 'make', 'test', 'cat', 'echo', 'a=b', '--out=dist', '1', '2', '/dev/null', 'out.txt', ':', '%1', 'sudo', 'env', 'xargs', 'find', '-exec', 'bash', 'sh', '-c', 'eval', 'exec', 'time', 'nice', 'timeout', 'nohup', 'export', 'declare', 'let', 'if', 'then', 'fi', 'do', 'done', 'for', 'in', 'trap', 'alias', 'source', '.', 'ssh', 'su', 'watch', 'parallel', 'git', 'npm', 'run', 'a.b', 'a,b', '@x', '+x', 'then1', 'fi.x', '-', '--', 'until', 'while', 'case', 'esac', 'select', 'coproc', 'function', 'local', 'readonly', 'typeset', 'unset', 'builtin', 'command', 'enable', 'hash', 'printf', '-v', 'read', 'mapfile', 'type', 'x=', '=x', 'a+=b', 'doas', 'chroot', 'stdbuf', 'strace', 'perl', 'python3', 'node', '-e', 'busybox', 'script', 'runuser', 'setsid', 'flock', 'nsenter', 'ionice', 'taskset', 'git', '-C', 'npx', 'dist', "'a b'", '"a b"', "'rm'", '"rm"', "''", '""', "'a;b'", '"a && b"', "'$(rm x)'", "'*'", '"~"', "a'b'", '"x"y', "'if'", '"a=b"', "'-c'", "'>x'", "'['", "'{'", "'!'", "'(x)'", "'a b'c", '"!x"', "'#'", '"%1"', "'time'", '"coproc"'];
    const joins = [' ', ' ', ' ', ' && ', ' || ', '; ', ';', ' | ', '|', ' & ', '&&', ' > ', '>', ' >> ', ' 2> ', ' 2>&1 ', ' &> ', ' < ', ' >&2 ', ' 2>&- ', '  ', '\t', ' 1> ', ' 0< ', '>>', ' &>> ', ' 2>>'];
    let seed = Number(process.env.PLAIN_SEED ?? 12345);
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let read = 0;
    for (let i = 0; i < Number(process.env.PLAIN_LINES ?? 6000); i++) {
      let line = words[random(words.length)];
      for (let k = random(8); k > 0; k--) line += joins[random(joins.length)] + words[random(words.length)];
      if (random(4) === 0) line += [';', ' &', ' ;', '&'][random(4)];
      if (agrees(line)) read++;
    }
    expect(read).toBeGreaterThan(500);
  });
});
