import { describe, expect, it } from 'vitest';
import { splitCommandLine } from './bash-parts.js';

/** The parts' texts, for a line lug splits with certainty. */
async function parts(line: string): Promise<string[]> {
  const result = await splitCommandLine(line);
  expect(result.incomplete, line).toBeUndefined();
  return result.parts.map((p) => p.text);
}

describe('splitCommandLine', () => {
  it('splits lists and pipelines into their simple commands', async () => {
    expect(await parts('a && b | c; d')).toEqual(['a', 'b', 'c', 'd']);
    expect(await parts('git status && rm -rf x')).toEqual(['git status', 'rm -rf x']);
    expect(await parts('git status || true & rm x')).toEqual(['git status', 'true', 'rm x']);
    expect(await parts('git status\nrm x')).toEqual(['git status', 'rm x']);
  });

  it('keeps a quoted argument whole: operators inside quotes are text', async () => {
    expect(await parts("git status 'a && b'")).toEqual(["git status 'a && b'"]);
    expect(await parts('git status "a; rm x"')).toEqual(['git status "a; rm x"']);
  });

  it('finds commands inside $(…), backticks, process substitutions and expansions', async () => {
    expect(await parts('echo $(rm x)')).toEqual(['echo $(rm x)', 'rm x']);
    expect(await parts('git status `rm x`')).toEqual(['git status `rm x`', 'rm x']);
    expect(await parts('echo "a $(id)"')).toEqual(['echo "a $(id)"', 'id']);
    expect(await parts('diff <(ls a) >(tee b)')).toEqual(['diff <(ls a) >(tee b)', 'ls a', 'tee b']);
    expect(await parts('echo ${x:-$(rm y)}')).toEqual(['echo ${x:-$(rm y)}', 'rm y']);
  });

  it('finds commands in subshells, groups, if/for/while/case bodies and functions', async () => {
    expect(await parts('(cd a; make) | tee log')).toEqual(['cd a', 'make', 'tee log']);
    expect(await parts('{ a; b; }')).toEqual(['a', 'b']);
    expect(await parts('if git status; then rm x; elif b; then c; else d; fi')).toEqual(['git status', 'rm x', 'b', 'c', 'd']);
    expect(await parts('for f in a b; do rm $f; done')).toEqual(['rm $f']);
    expect(await parts('while read l; do echo $l; done')).toEqual(['read l', 'echo $l']);
    expect(await parts('case $x in a) rm y;; esac')).toEqual(['rm y']);
    expect(await parts('f() { rm -rf /; }; f')).toEqual(['rm -rf /', 'f']);
    expect(await parts('! git status')).toEqual(['git status']);
  });

  it('keeps VAR=value prefixes and shows assignments that stand alone', async () => {
    expect(await parts('FOO=1 rm x')).toEqual(['FOO=1 rm x']);
    expect(await parts('a=$(rm q)')).toEqual(['a=$(rm q)', 'rm q']);
    expect(await parts('a=1 b=2')).toEqual(['a=1 b=2']);
    expect(await parts('export A=$(b)')).toEqual(['export A=$(b)', 'b']);
  });

  it('drops redirections from the command and adds `> FILE` for each file written', async () => {
    expect(await parts('git status > ~/.bashrc')).toEqual(['git status', '> ~/.bashrc']);
    expect(await parts('FOO=1 rm x > out 2>/dev/null')).toEqual(['FOO=1 rm x', '> out']);
    expect(await parts('echo hi >> log 2> err')).toEqual(['echo hi', '> log', '> err']);
    expect(await parts('echo hi &> f')).toEqual(['echo hi', '> f']);
    expect(await parts('echo hi >| f')).toEqual(['echo hi', '> f']);
    expect(await parts('echo hi >& f')).toEqual(['echo hi', '> f']);
    expect(await parts('>f echo hi')).toEqual(['echo hi', '> f']);
    expect(await parts('echo "a" > $HOME/.bashrc')).toEqual(['echo "a"', '> $HOME/.bashrc']);
    expect(await parts('for i in 1; do echo $i >> f; done')).toEqual(['echo $i', '> f']);
    expect(await parts('{ a; b; } > f')).toEqual(['a', 'b', '> f']);
    expect(await parts('> f')).toEqual(['> f']);
  });

  it('adds no part for reads, descriptor copies and /dev/null', async () => {
    expect(await parts('git status > /dev/null 2>&1')).toEqual(['git status']);
    expect(await parts('git status >"/dev/null"')).toEqual(['git status']);
    expect(await parts('sort < in')).toEqual(['sort']);
    expect(await parts('cat <<< "hi"')).toEqual(['cat']);
    expect(await parts('echo hi 2>&-')).toEqual(['echo hi']);
  });

  it('puts words written after a redirection back into their command', async () => {
    expect(await parts('git >/dev/null -c core.pager=evil status')).toEqual(['git -c core.pager=evil status']);
    expect(await parts('echo a >f b >g c')).toEqual(['echo a b c', '> f', '> g']);
  });

  it('finds commands in heredocs and what they pipe into', async () => {
    expect(await parts('cat <<EOF | sh\nrm x\nEOF')).toEqual(['cat', 'sh', 'rm x']);
    expect(await parts('cat <<EOF > f\nhi $(whoami)\nEOF')).toEqual(['cat', '> f', 'whoami']);
  });

  it('reads what follows a here-document on its line as bash does, or says it cannot', async () => {
    // With an expansion in the body, tree-sitter reads the delimiter as `EOF;` and `rm -rf x` as words of cat.
    expect(await parts('cat <<EOF; rm -rf x\n$HOME\nEOF\n')).toEqual(['cat', 'rm -rf x']);
    expect(await parts('cat <<EOF & rm -rf x\n$(date)\nEOF\n')).toEqual(['cat', 'date', 'rm -rf x']);
    // An operator glued to the delimiter goes into it (`EOF|rm`): lug cannot tell what follows.
    for (const line of ['cat <<EOF|rm -rf x\n$H\nEOF\n', 'cat <<EOF;rm -rf x\n$H\nEOF\n', 'cat <<EOF&&rm -rf x\n$H\nEOF\n', 'cat <<EOF>x\n$H\nEOF\n']) {
      const result = await splitCommandLine(line);
      expect(result.incomplete, line).toMatch(/here-document delimiter/);
    }
    // A quoted operator is the delimiter's own.
    expect(await splitCommandLine("cat <<'E;F'\n$H\nE;F\n")).toEqual({ parts: [expect.objectContaining({ text: 'cat' })] });
  });

  it('shows arithmetic, which can run commands through array subscripts', async () => {
    expect(await parts('((x++))')).toEqual(['((x++))']);
    expect(await parts('for ((i=0; i<3; i++)); do ls; done')).toEqual(['for ((i=0; i<3; i++))', 'ls']);
    expect(await parts('[[ -f x ]] && test -f y')).toEqual(['[[ -f x ]]', 'test -f y']);
  });

  it('handles text beyond ASCII', async () => {
    expect(await parts('echo é€ && rm ü > ñ')).toEqual(['echo é€', 'rm ü', '> ñ']);
  });

  it('has no parts for an empty line or a comment', async () => {
    expect(await parts('')).toEqual([]);
    expect(await parts('# just a comment')).toEqual([]);
  });

  it('marks a line that does not parse incomplete, the whole line its first part', async () => {
    for (const line of ["git status 'abc", 'echo "$(rm', 'if then', 'ls; ;']) {
      const result = await splitCommandLine(line);
      expect(result.incomplete, line).toMatch(/not valid bash/);
      expect(result.parts[0]).toMatchObject({ text: line, kind: 'line', incomplete: true });
    }
  });

  // A bound on a blow-up, not a measure of speed: ~1.2 s here now, 12 s when each word searched every word before it
  // (47 s for 200,000); the bound leaves a busy machine six times the time it takes.
  it('splits a command of 100,000 words without a quadratic blow-up', { timeout: 30_000 }, async () => {
    const line = `echo ${'"$a" '.repeat(100_000)}`;
    const started = performance.now();
    const result = await splitCommandLine(line);
    expect(performance.now() - started).toBeLessThan(8000);
    expect(result.incomplete).toBeUndefined();
    expect(result.parts.map((p) => p.program_name)).toEqual(['echo']);
  });
});
