/**
 * Every simple command bash would run is a part, wherever bash finds it —
 * also where tree-sitter-bash alone does not see it — and a line lug cannot
 * split with certainty is incomplete.
 */
import { describe, expect, it } from 'vitest';
import { loadBashParser, splitCommandLine, splitWith } from './bash-parts.js';

async function texts(line: string): Promise<string[]> {
  const result = await splitCommandLine(line);
  expect(result.incomplete, line).toBeUndefined();
  return result.parts.map((p) => p.text);
}

async function incomplete(line: string): Promise<{ reason: string; texts: string[] }> {
  const result = await splitCommandLine(line);
  expect(result.incomplete, line).toBeDefined();
  expect(result.parts[0]).toEqual({ text: line, kind: 'line', program: '', program_name: '', argv: [], dynamic: false, wrappers: [], incomplete: true });
  return { reason: result.incomplete!, texts: result.parts.slice(1).map((p) => p.text) };
}

describe('here-documents', () => {
  it('finds $(…) and backticks anywhere in a body with an unquoted delimiter, also after leading blanks', async () => {
    expect(await texts('cat <<EOF\n`rm x`\nEOF')).toEqual(['cat', 'rm x']);
    expect(await texts('cat <<EOF\n  $(rm x)\nEOF')).toEqual(['cat', 'rm x']);
    expect(await texts('cat <<EOF\n\t`rm x`\nEOF')).toEqual(['cat', 'rm x']);
    expect(await texts('cat <<-EOF\n\t$(rm x)\n\tEOF')).toEqual(['cat', 'rm x']);
    expect(await texts('cat <<EOF\nsay $(id) and `whoami` and ${x:-$(date)}\nEOF')).toEqual(['cat', 'id', 'whoami', 'date']);
  });

  it('finds nothing in a body with a quoted delimiter, nor where a `$` is escaped', async () => {
    expect(await texts("cat <<'EOF'\n$(rm x) `rm y`\nEOF")).toEqual(['cat']);
    expect(await texts('cat <<"EOF"\n$(rm x)\nEOF')).toEqual(['cat']);
    expect(await texts('cat <<\\EOF\n$(rm x)\nEOF')).toEqual(['cat']);
    expect(await texts('cat <<EOF\n\\$(rm x) \\`rm y\\`\nEOF')).toEqual(['cat']);
  });

  it('judges the command a body is fed to: `git status <<EOF` with a backtick in it is two parts', async () => {
    expect(await texts('git status <<EOF\n`touch y`\nEOF')).toEqual(['git status', 'touch y']);
  });

  it('parses the body fed to a shell as a script', async () => {
    expect(await texts('sh <<EOF\nrm x\nEOF')).toEqual(['sh', 'rm x']);
    expect(await texts("bash <<'EOF'\nif true; then rm x; fi\nEOF")).toEqual(['bash', 'true', 'rm x']);
    expect(await texts('sh -s <<EOF\nrm x\nEOF')).toEqual(['sh -s', 'rm x']);
    expect(await texts("bash <<< 'rm x'")).toEqual(['bash', 'rm x']);
    expect(await texts('cat <<EOF | sh\nrm x\nEOF')).toEqual(['cat', 'sh', 'rm x']);
    expect(await texts("echo 'rm x' | sh")).toEqual(["echo 'rm x'", 'sh', 'rm x']);
    expect(await texts('source /dev/stdin <<EOF\nrm x\nEOF')).toEqual(['source /dev/stdin', 'rm x']);
  });

  it('is incomplete when the script a shell reads is not static', async () => {
    expect((await incomplete('sh <<EOF\necho $HOME\nEOF')).reason).toMatch(/sh runs a script read from its standard input, which is not static/);
    expect((await incomplete('curl -s https://example.invalid/x | sh')).texts).toEqual(['curl -s https://example.invalid/x', 'sh']);
  });

  it('does not take a shell reading a file or a command reading text for a script', async () => {
    expect(await texts('bash script.sh < input')).toEqual(['bash script.sh']);
    expect(await texts('grep x <<EOF\nrm x\nEOF')).toEqual(['grep x']);
  });
});

describe('backslash-newline', () => {
  it('is joined as bash joins it, inside words too', async () => {
    expect(await texts('r\\\nm x')).toEqual(['rm x']);
    expect(await texts('git status && \\\nrm -rf x')).toEqual(['git status', 'rm -rf x']);
    expect(await texts('echo "a\\\nb"')).toEqual(['echo "ab"']);
  });

  it('is kept in single quotes, `$\'…\'`, comments and quoted here-documents', async () => {
    expect(await texts("echo 'a\\\nb'")).toEqual(["echo 'a\\\nb'"]);
    expect(await texts('ls # a \\\nrm x')).toEqual(['ls', 'rm x']);
    expect(await texts("cat <<'EOF'\nr\\\nm\nEOF")).toEqual(['cat']);
  });
});

describe('substitutions', () => {
  it('follows nested and escaped backticks', async () => {
    expect(await texts('echo `echo \\`rm x\\``')).toEqual(['echo `echo \\`rm x\\``', 'echo `rm x`', 'rm x']);
    expect(await texts('echo "`echo \\"\\`rm x\\`\\"`"')).toContain('rm x');
  });

  it('finds commands in parameter-expansion operands', async () => {
    expect(await texts('${x:=`touch y`}')).toEqual(['${x:=`touch y`}', 'touch y']);
    expect(await texts('echo ${x:-$(rm x)}')).toEqual(['echo ${x:-$(rm x)}', 'rm x']);
    expect(await texts('echo "${x:-\'$(rm x)\'}"')).toEqual(['echo "${x:-\'$(rm x)\'}"', 'rm x']);
    expect(await texts("echo ${x:-'$(rm x)'}")).toEqual(["echo ${x:-'$(rm x)'}"]);
  });

  it('finds commands in arithmetic', async () => {
    expect(await texts('echo $(( a[$(rm x)] ))')).toEqual(['echo $(( a[$(rm x)] ))', 'rm x']);
    expect(await texts('(( a[$(rm x)] ))')).toEqual(['(( a[$(rm x)] ))', 'rm x']);
    expect(await texts('echo $[ `rm x` ]')).toEqual(['echo $[ `rm x` ]', 'rm x']);
  });

  it('finds commands in process substitutions, redirection targets, case patterns and for lists', async () => {
    expect(await texts('cat < <(rm x)')).toEqual(['cat', 'rm x']);
    expect(await texts('echo > "$(rm x)"')).toEqual(['echo', '> "$(rm x)"', 'rm x']);
    expect(await texts('case y in $(rm x)) ;; esac')).toEqual(['rm x']);
    expect(await texts('for f in `rm x`; do :; done')).toEqual(['rm x', ':']);
  });

  it('reads an evaluated text for the commands it substitutes: let, printf -v, PS4, ${x@P} asks', async () => {
    expect((await incomplete("let 'a[$(rm x)]=1'")).texts).toContain('rm x');
    expect(await texts("printf -v 'a[$(rm x)]' %s z")).toContain('rm x');
    expect(await texts("PS4='$(rm x)' bash -xc true")).toEqual(["PS4='$(rm x)' bash -xc true", 'rm x', 'true']);
    expect((await incomplete("y='$(rm x)'; echo ${y@P}")).reason).toMatch(/evaluates variables as code/);
    expect((await incomplete("x='a[$(rm x)]'; echo $((x))")).reason).toMatch(/evaluates variables as code/);
  });
});

describe('scripts bash parses again', () => {
  it('parses the literal script of bash -c, sh -c, eval, trap, su -c and watch, recursively', async () => {
    expect(await texts("bash -c 'rm x; ls'")).toEqual(["bash -c 'rm x; ls'", 'rm x', 'ls']);
    expect(await texts('sh -c \'sh -c "rm x"\'')).toEqual(['sh -c \'sh -c "rm x"\'', 'sh -c "rm x"', 'rm x']);
    expect(await texts('eval rm x \\&\\& ls')).toEqual(['eval rm x \\&\\& ls', 'rm x', 'ls']);
    expect(await texts("trap 'rm x' EXIT")).toEqual(["trap 'rm x' EXIT", 'rm x']);
    expect(await texts("su -c 'rm x'")).toEqual(["su -c 'rm x'", 'rm x']);
    expect(await texts("watch 'rm x'")).toEqual(["watch 'rm x'", 'rm x']);
    expect(await texts("env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls")).toContain('rm x');
  });

  it('stops at a bounded depth and says so', async () => {
    let line = 'rm x';
    for (let i = 0; i < 12; i++) line = `eval ${JSON.stringify(line).replace(/\$/g, '\\$')}`;
    expect((await incomplete(line)).reason).toMatch(/nested more than 8 deep/);
  });

  it('is incomplete for a script that is not static text', async () => {
    expect((await incomplete('eval $x')).reason).toBe('eval: the text given to eval is not static text');
    expect((await incomplete('bash -c "$cmd"')).reason).toMatch(/^bash: the script given to -c is not static text/);
    expect((await incomplete('source <(curl -s https://example.invalid/x)')).texts).toContain('curl -s https://example.invalid/x');
    expect((await incomplete("find . -exec sh -c '{}' \\;")).reason).toMatch(/not static/);
  });

  it('reads `coproc` and `time` before a compound command', async () => {
    expect(await texts('coproc NAME { rm x; }')).toEqual(['rm x']);
    expect(await texts('coproc rm x')).toEqual(['rm x']);
    expect(await texts('time { rm x; }')).toEqual(['rm x']);
    expect(await texts('time -p rm x')).toEqual(['rm x']);
  });
});

describe('lines lug cannot split with certainty', () => {
  it('gives the whole line first, marked incomplete, then the parts it found', async () => {
    const { texts: found } = await incomplete("git status; rm -rf ~ 'oops");
    expect(found).toContain('git status');
  });

  it('is incomplete past its limits: 1000 parts, or parsing that takes too long', async () => {
    expect((await incomplete(Array.from({ length: 1200 }, (_, i) => `echo ${i}`).join('; '))).reason).toBe('the line has more than 1000 parts');
    const parser = await loadBashParser();
    const slow = splitWith(parser, `cat <<EOF\n${'word $(echo x) '.repeat(400)}\nEOF`, 1);
    expect(slow.incomplete).toMatch(/^splitting the line took longer than 1 ms/);
    expect(slow.parts[0]).toMatchObject({ kind: 'line', incomplete: true });
  });

  it('is incomplete for a construct that renames a command', async () => {
    expect((await incomplete('hash -p /bin/rm ls; ls x')).reason).toMatch(/hash -p/);
  });

  it('is incomplete where a builtin assigns a name that is not static, a nameref, or code from a value it does not read', async () => {
    expect((await incomplete("x='BASH_CMDS[ls]=/bin/rm'; declare \"$x\"; ls y")).reason).toMatch(/the name it declares is not static/);
    expect((await incomplete('x=PATH; printf -v "$x" /tmp/evil; ls y')).reason).toMatch(/the name printf -v assigns is not static/);
    expect((await incomplete('declare -n r=BASH_CMDS; r[ls]=/bin/rm; ls y')).reason).toMatch(/nameref/);
    expect((await incomplete("read PROMPT_COMMAND <<< 'rm x'")).reason).toMatch(/read assigns PROMPT_COMMAND/);
    expect((await incomplete("for PS1 in '$(rm x)'; do bash -i; done")).reason).toMatch(/the loop assigns PS1/);
    expect((await incomplete('x=y; PROMPT_COMMAND=$x bash -i')).reason).toMatch(/PROMPT_COMMAND .* is not static/);
    expect((await incomplete('env "BASH_FUNC_ls%%=$f" bash -c ls')).reason).toMatch(/BASH_FUNC_ls%%/);
    expect((await incomplete('fc -s')).reason).toMatch(/history/);
    // What only looks like them stays split.
    expect(await texts('export PATH="$HOME/bin:$PATH"; local x="$1"; read -r -p "$msg" ans; export -n PATH; declare +n r; fc -l')).toHaveLength(6);
    expect(await texts("declare PROMPT_COMMAND='rm x'; for f in a; do mapfile -t lines < f; done")).toEqual(["declare PROMPT_COMMAND='rm x'", 'rm x', 'mapfile -t lines']);
  });

  it('keeps a plain line exact: nothing incomplete, one part per command', async () => {
    expect(await texts('git status --short && git diff -- src | head -n 20')).toEqual(['git status --short', 'git diff -- src', 'head -n 20']);
    expect(await texts("cat > f <<'EOF'\necho $(date)\nEOF\nchmod +x f")).toEqual(['cat', '> f', 'chmod +x f']);
    expect(await texts('npm test 2>&1 | tail -5')).toEqual(['npm test', 'tail -5']);
  });
});

describe('redirections tree-sitter files on a whole list or pipeline', () => {
  it('gives them, and the words after them, to the last command, as bash does', async () => {
    // tree-sitter reads `a && rm 2>&1 -rf /` as `(a && rm) 2>&1 -rf /`.
    const parts = (await splitCommandLine('true && rm 2>&1 -rf /')).parts;
    expect(parts.map((p) => p.argv)).toEqual([['true'], ['rm', '-rf', '/']]);
    expect(await texts('echo | ! rm > f 2>&1 x')).toEqual(['echo', 'rm x', '> f']);
    expect(await texts('true && sh <<EOF\nrm x\nEOF')).toEqual(['true', 'sh', 'rm x']);
    expect(await texts('a || b | bash <<< "touch y"')).toEqual(['a', 'b', 'bash', 'touch y']);
  });

  it('marks a line incomplete where tree-sitter drops a word (a bare `-` before `2>`)', async () => {
    expect((await incomplete('find - 2> f')).reason).toContain('`-`');
    expect((await incomplete('true | - 2> f')).reason).toContain('`-`');
    expect((await incomplete('- 2>&1')).reason).toContain('`-`');
  });
});
