/**
 * Each part names the program a rule should judge: the command word after
 * quote removal, with wrappers seen through (the wrapper stays a part too).
 */
import { describe, expect, it } from 'vitest';
import { splitCommandLine, type BashPart } from './bash-parts.js';

async function commands(line: string): Promise<Array<Pick<BashPart, 'text' | 'program' | 'argv' | 'wrappers'>>> {
  const result = await splitCommandLine(line);
  expect(result.incomplete, line).toBeUndefined();
  return result.parts.filter((p) => p.kind === 'command').map(({ text, program, argv, wrappers }) => ({ text, program, argv, wrappers }));
}

async function programs(line: string): Promise<string[]> {
  return (await commands(line)).map((p) => p.program);
}

describe('program and argv', () => {
  it('are the words after quote removal; text stays as written', async () => {
    expect(await commands('\\rm -rf "a b"')).toEqual([{ text: '\\rm -rf "a b"', program: 'rm', argv: ['rm', '-rf', 'a b'], wrappers: [] }]);
    for (const spelling of ["'rm'", '"r"m', "r''m", '\\r\\m', "$'\\x72m'", "$'\\162\\155'", "$'\\u0072m'", '$"rm"']) {
      expect(await programs(`${spelling} x`), spelling).toEqual(['rm']);
    }
  });

  it('expand braces as bash does: `{rm,-rf,x}` runs rm', async () => {
    expect(await commands('{rm,-rf,x}')).toEqual([{ text: '{rm,-rf,x}', program: 'rm', argv: ['rm', '-rf', 'x'], wrappers: [] }]);
    expect((await commands('echo a{1..3}b'))[0].argv).toEqual(['echo', 'a1b', 'a2b', 'a3b']);
    expect((await commands("echo '{a,b}'"))[0].argv).toEqual(['echo', '{a,b}']);
  });

  it('leave out leading assignments, which are not the program', async () => {
    expect(await commands('FOO=1 BAR="a b" rm x')).toEqual([{ text: 'FOO=1 BAR="a b" rm x', program: 'rm', argv: ['rm', 'x'], wrappers: [] }]);
  });

  it('keep a path as bash sees it, with the bare name beside it', async () => {
    const [part] = (await splitCommandLine('/bin/rm x')).parts;
    expect(part).toMatchObject({ program: '/bin/rm', program_name: 'rm', argv: ['/bin/rm', 'x'] });
  });

  it('mark a command word that is not static, keeping its text without quotes', async () => {
    const [part] = (await splitCommandLine('"$cmd" x')).parts;
    expect(part).toMatchObject({ program: '$cmd', dynamic: true, argv: ['$cmd', 'x'] });
    const [glob] = (await splitCommandLine('/bin/r? x')).parts;
    expect(glob).toMatchObject({ program: '/bin/r?', dynamic: true });
    expect((await splitCommandLine('rm "$f"')).parts[0]).toMatchObject({ program: 'rm', dynamic: false, argv: ['rm', '$f'] });
  });
});

describe('a command word that is not static', () => {
  it.each([
    ['rm${IFS}-rf${IFS}x', ['rm${IFS}-rf${IFS}x', 'rm']],
    ['${x:-rm} y', ['${x:-rm}', 'rm']],
    ['r=rm; $r x', ['$r', 'rm']],
    ["X='sudo rm'; $X y", ['$X', 'sudo', 'rm']],
  ])('%j is guessed from the line: %j', async (line, expected) => {
    const parts = (await splitCommandLine(line)).parts.filter((p) => p.kind === 'command');
    expect(parts.map((p) => p.program)).toEqual(expected);
    expect(parts.every((p) => p.dynamic || p.wrappers.length)).toBe(true);
  });
});

describe('wrappers', () => {
  it('are seen through, each staying a part, outermost first', async () => {
    expect(await commands('sudo -u root env -i FOO=1 nice -n 5 timeout 10 rm -rf x')).toEqual([
      { text: 'sudo -u root env -i FOO=1 nice -n 5 timeout 10 rm -rf x', program: 'sudo', argv: ['sudo', '-u', 'root', 'env', '-i', 'FOO=1', 'nice', '-n', '5', 'timeout', '10', 'rm', '-rf', 'x'], wrappers: [] },
      { text: 'env -i FOO=1 nice -n 5 timeout 10 rm -rf x', program: 'env', argv: ['env', '-i', 'FOO=1', 'nice', '-n', '5', 'timeout', '10', 'rm', '-rf', 'x'], wrappers: ['sudo'] },
      { text: 'nice -n 5 timeout 10 rm -rf x', program: 'nice', argv: ['nice', '-n', '5', 'timeout', '10', 'rm', '-rf', 'x'], wrappers: ['sudo', 'env'] },
      { text: 'timeout 10 rm -rf x', program: 'timeout', argv: ['timeout', '10', 'rm', '-rf', 'x'], wrappers: ['sudo', 'env', 'nice'] },
      { text: 'rm -rf x', program: 'rm', argv: ['rm', '-rf', 'x'], wrappers: ['sudo', 'env', 'nice', 'timeout'] },
    ]);
  });

  it.each([
    ['env -u HOME -- rm x', ['env', 'rm']],
    ['command -p rm x', ['command', 'rm']],
    ['command -v rm', ['command']],
    ['builtin eval rm x', ['builtin', 'eval', 'rm']],
    ['exec -a name rm x', ['exec', 'rm']],
    ['nohup rm x', ['nohup', 'rm']],
    ['time -p rm x', ['rm']],
    ['nice -10 rm x', ['nice', 'rm']],
    ['timeout -s KILL 5 rm x', ['timeout', 'rm']],
    ['stdbuf -oL rm x', ['stdbuf', 'rm']],
    ['doas -u root rm x', ['doas', 'rm']],
    ['setsid -f rm x', ['setsid', 'rm']],
    ['chroot /srv rm x', ['chroot', 'rm']],
    ['xargs -0 -n 1 rm', ['xargs', 'rm']],
    ['find . -name x -exec rm -f {} \\; -print', ['find', 'rm']],
    ['find . -execdir rm {} + -ok touch {} \\;', ['find', 'rm', 'touch']],
    ['watch -x rm x', ['watch', 'rm']],
    ['flock lock rm x', ['flock', 'rm']],
    ['taskset -c 0 rm x', ['taskset', 'rm']],
    ['ionice -c3 rm x', ['ionice', 'rm']],
    ['busybox rm x', ['busybox', 'rm']],
    ['coproc rm x', ['rm']],
    ["su -lc 'rm x'", ['su', 'rm']],
  ])('%j runs %j', async (line, expected) => {
    expect(await programs(line)).toEqual(expected);
  });

  it('read an option lug does not know both ways, so the command is a part either way', async () => {
    expect(await programs('sudo --frobnicate root rm x')).toEqual(['sudo', 'root', 'rm']);
  });

  it('fill in `{}` (find) and the -I string (xargs) at run time: those words are not static', async () => {
    const parts = (await splitCommandLine('xargs -I % rm % x')).parts;
    expect(parts[1]).toMatchObject({ program: 'rm', argv: ['rm', '%', 'x'] });
    expect((await splitCommandLine('find . -exec {} \\;')).parts[1]).toMatchObject({ program: '{}', dynamic: true });
  });
});
