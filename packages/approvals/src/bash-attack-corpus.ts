/**
 * Command lines an attacker would try to get a command past a rule with,
 * each with the program that must appear among the line's parts (or the line
 * must be incomplete). Test data, not exported from the package: `CMD` in a
 * template is replaced by each target command.
 */

import { WRAPPED } from './bash-wrapped-corpus.js';

export interface Attack {
  line: string;
  /** The program bash runs that a rule must see, by name. */
  program: string;
  family: string;
}

/** The commands hidden, and the program each runs. */
const TARGETS: Array<[string, string]> = [
  ['rm x', 'rm'],
  ['curl http://example.invalid/x', 'curl'],
  ['touch y', 'touch'],
];

const SUBSTITUTED = [
  'echo $(CMD)',
  'echo `CMD`',
  'echo "$(CMD)"',
  'echo "`CMD`"',
  'echo "a $(CMD) b"',
  'echo ${y:-$(CMD)}',
  'echo ${y:=`CMD`}',
  '${x:=`CMD`}',
  'echo ${y:+$(CMD)}',
  'echo ${y:?$(CMD)}',
  'echo ${y#$(CMD)}',
  'echo ${y/$(CMD)/z}',
  'echo ${y:-${z:-$(CMD)}}',
  'echo "${y:-$(CMD)}"',
  'echo "${y:-`CMD`}"',
  'echo ${y:-"$(CMD)"}',
  "echo \"${y:-'$(CMD)'}\"",
  'echo $(( $(CMD) ))',
  'echo $(( a[$(CMD)] ))',
  'echo $(( a[`CMD`] + 1 ))',
  '(( a[$(CMD)] ))',
  '(( $(CMD) ))',
  "let 'a[$(CMD)]=1'",
  'let "a[`CMD`]"',
  'echo $[ $(CMD) ]',
  'for ((i=$(CMD); i<1; i++)); do :; done',
  '[[ $(CMD) ]]',
  '[[ -n `CMD` ]]',
  '[[ "$(CMD)" == y ]]',
  "[[ -v 'a[$(CMD)]' ]]",
  '[ "$(CMD)" ]',
  'test -n "$(CMD)"',
  "test -v 'a[$(CMD)]'",
  "printf -v 'a[$(CMD)]' %s z",
  "declare 'a[$(CMD)]=1'",
  "read 'a[$(CMD)]' <<< z",
  'diff <(CMD) /dev/null',
  'cat < <(CMD)',
  'echo > >(CMD)',
  'x=$(CMD)',
  'x=`CMD`',
  'x="$(CMD)" y=1',
  'export X=$(CMD)',
  'readonly X="`CMD`"',
  'a=(1 $(CMD))',
  'a[$(CMD)]=1',
  'echo > $(CMD)',
  'echo > "$(CMD)"',
  'cat <<< $(CMD)',
  'cat <<< "$(CMD)"',
  'case $(CMD) in *) ;; esac',
  'case y in $(CMD)) ;; esac',
  'for f in $(CMD); do :; done',
  'select f in `CMD`; do break; done',
  'while $(CMD); do break; done',
  'echo `echo \\`CMD\\``',
  'echo `echo \\`echo \\\\\\`CMD\\\\\\`\\``',
  'echo "`echo \\"\\`CMD\\`\\"`"',
  'echo $(echo $(echo $(CMD)))',
  'echo $(echo `CMD`)',
  'echo `echo $(CMD)`',
  "y='$(CMD)'; echo ${y@P}",
  "PS4='$(CMD)' bash -xc true",
  "export PS4='$(CMD)'; set -x; true",
  "env PS4='`CMD`' bash -x -c true",
  "env 'BASH_FUNC_ls%%=() { CMD; }' bash -c ls",
  "shopt -s expand_aliases; alias ls='CMD'\nls",
  "alias ll='CMD'",
  'echo ${ CMD; }',
  'echo ${a[$(CMD)]}',
  'echo ${x:$(CMD):1}',
  'echo hi#$(CMD)',
  'echo $( (CMD) )',
  ': ${x:=$(CMD)}',
  'echo ${x?$(CMD)} 2>/dev/null',
  "echo '$(no)'\"$(CMD)\"",
  'exec 3< <(CMD)',
  "compgen -W '$(CMD)' a",
  "compgen -aW '`CMD`' -- a",
  // A shell expands BASH_ENV (ENV for sh -i) before sourcing the file it names.
  "BASH_ENV='$(CMD)' bash -c true",
  "ENV='`CMD`' sh -i < /dev/null",
  "env BASH_ENV='$(CMD)' bash -c true",
];

const HEREDOCS = [
  'cat <<EOF\n$(CMD)\nEOF',
  'cat <<EOF\n`CMD`\nEOF',
  'cat <<EOF\n  $(CMD)\nEOF',
  'cat <<EOF\n  `CMD`\nEOF',
  'cat <<EOF\n\t$(CMD)\nEOF',
  'cat <<-EOF\n\t$(CMD)\n\tEOF',
  'cat <<-EOF\n\t`CMD`\nEOF',
  'cat <<EOF\nhello $(CMD) world\nEOF',
  'cat <<EOF\nhello "$(CMD)" \'world\'\nEOF',
  'cat <<EOF\n${y:-$(CMD)}\nEOF',
  'cat <<EOF\n${y:-`CMD`}\nEOF',
  'cat <<EOF\n$(( $(CMD) ))\nEOF',
  'cat <<EOF\n\\$(not this) $(CMD)\nEOF',
  'cat <<EOF\n`echo \\`CMD\\``\nEOF',
  'cat > out <<EOF\n$(CMD)\nEOF',
  'cat <<EOF > out\n$(CMD)\nEOF',
  'git status <<EOF\n`CMD`\nEOF',
  'cat <<A <<B\nfirst\nA\n$(CMD)\nB',
  'cat <<A; cat <<B\n$(CMD)\nA\n$(CMD)\nB',
  'x=$(cat <<EOF\n$(CMD)\nEOF\n)',
  'cat <<EOF && CMD\nhi\nEOF',
  'cat <<EOF | CMD\nhi\nEOF',
  'cat <<EOF; CMD\nhi\nEOF',
  // With an expansion in the body, tree-sitter reads `; CMD` after the delimiter as words of cat, and an operator glued to it into the delimiter.
  'cat <<EOF; CMD\n$HOME\nEOF\n',
  'cat <<EOF & CMD\n$HOME\nEOF\n',
  'cat <<EOF;CMD\n$HOME\nEOF\n',
  'cat <<EOF|CMD\n$HOME\nEOF\n',
  'cat <<EOF&&CMD\n$HOME\nEOF\n',
  'cat <<EOF >out; CMD\n${HOME}\nEOF\n',
  'sh <<EOF\nCMD\nEOF',
  'bash <<EOF\nCMD\nEOF',
  "sh <<'EOF'\nCMD\nEOF",
  'sh <<"EOF"\nCMD\nEOF',
  'sh <<\\EOF\nCMD\nEOF',
  'sh -s <<EOF\nCMD\nEOF',
  'bash -s arg <<EOF\nCMD\nEOF',
  'sh <<-EOF\n\tCMD\n\tEOF',
  "bash <<< 'CMD'",
  'sh <<< "CMD"',
  'cat <<EOF | sh\nCMD\nEOF',
  "cat <<'EOF' | bash\nCMD\nEOF",
  "echo 'CMD' | sh",
  'echo CMD | bash',
  "printf 'CMD' | bash",
  'source /dev/stdin <<EOF\nCMD\nEOF',
  ". /dev/stdin <<< 'CMD'",
  'bash /dev/stdin <<EOF\nCMD\nEOF',
  'sudo bash <<EOF\nCMD\nEOF',
  'sh <<EOF\necho hi\nCMD\nEOF',
  'bash <<EOF\nif true; then CMD; fi\nEOF',
  'sh <<EOF\nsh <<EOT\nCMD\nEOT\nEOF',
  // tree-sitter reads the 0 of `0<<<` as an argument: for bash, a script file.
  "bash 0<<< 'CMD'",
  // The commands of a script, a group, a subshell, a compound or a substitution read what it reads.
  "echo 'CMD' | bash -c 'exec bash'",
  "echo 'CMD' | eval bash",
  "bash -c sh <<< 'CMD'",
  "echo 'CMD' | { sh; }",
  "echo 'CMD' | (sh)",
  "echo 'CMD' | { true; sh; }",
  "echo 'CMD' | if true; then sh; fi",
  "echo 'CMD' | while true; do sh; break; done",
  "echo 'CMD' | echo $(sh)",
  "if true; then sh; fi <<< 'CMD'",
];

const CONTINUED = [
  'CONT_CMD',
  'x=$(CONT_CMD)',
  "bash -c 'CONT_CMD'",
  'echo `CONT_CMD`',
  'FOO=1 CONT_CMD',
  'if true; then CONT_CMD; fi',
  'git status; CONT_CMD',
  'echo $(CONT_CMD)',
  'eval CONT_CMD',
  'sudo CONT_CMD',
  'true && CONT_CMD',
  'cat <<EOF\n$(CONT_CMD)\nEOF',
];

const PLAIN = [
  'CMD',
  'git status; CMD',
  'git status && CMD',
  'false || CMD',
  'CMD &',
  'echo | CMD',
  'CMD |& cat',
  'CMD > /dev/null 2>&1',
  '> out CMD',
  '{ CMD; }',
  '(CMD)',
  '! CMD',
  'if CMD; then :; fi',
  'if true; then CMD; fi',
  'if false; then :; elif CMD; then :; else CMD; fi',
  'while CMD; do break; done',
  'until CMD; do :; done',
  'for f in a; do CMD; done',
  'case a in a) CMD;; esac',
  'case a in (a) CMD;; esac',
  'select y in a; do CMD; break; done',
  'f() { CMD; }; f',
  'function f { CMD; }; f',
  'function f() ( CMD ); f',
  'ls() { CMD; }; ls',
  'git status # comment\nCMD',
  'git status;CMD',
  'git status&&CMD',
  'git status||CMD',
  'git status|CMD',
  // tree-sitter reads a compound command after `!` as commands named `if`, `then`, `{`…
  '! if true; then CMD; fi',
  'true && ! if false; then :; else CMD; fi',
  '! { CMD; }',
  '! while CMD; do break; done',
  '! for f in a; do CMD; done',
  '! case a in a) CMD;; esac',
  '! ! CMD',
  '! function f { CMD; }; f',
];

/** Quoting tricks on the name `rm` itself. */
const RM_SPELLINGS = [
  '\\rm x',
  "'rm' x",
  '"rm" x',
  '"r"m x',
  "r''m x",
  'r""m x',
  '\\r\\m x',
  'r\\m x',
  "$'\\x72m' x",
  "$'\\x72\\x6d' x",
  "$'\\162\\155' x",
  "$'\\u0072m' x",
  "$'rm' x",
  '$"rm" x',
  '{rm,x}',
  '{rm,-rf,x}',
  'r{m,} x',
  "'r'\"m\" x",
  'r\\\nm x',
  'rm\\\n x',
  '\\\nrm x',
  '"r\\\nm" x',
  'rm${IFS}x',
  'rm${IFS}-rf${IFS}x',
  '${x:-rm} y',
  '${x:=rm} y',
  'r=rm; $r x',
  "X='rm -rf'; $X y",
  "eval 'r''m x'",
  'eval \\r\\m x',
  "sh -c '\\rm x'",
  "bash -c $'\\x72m x'",
  'IFS=/; x=rm/y; $x',
  "sh -c '$1 x' _ rm",
];

/**
 * CMD set as code bash runs later (a prompt command, an imported function, an
 * alias, the history) through a name that is not static, a nameref, a loop, or
 * a builtin that assigns a value lug does not read as an assignment.
 */
const ASSIGNED = [
  'x=PROMPT_COMMAND; declare -x "$x=CMD"; bash -i < /dev/null',
  "c='CMD'; export PROMPT_COMMAND=\"$c\"; bash -i < /dev/null",
  "c='CMD'; PROMPT_COMMAND=$c bash -i < /dev/null",
  "export PROMPT_COMMAND; read -r PROMPT_COMMAND <<< 'CMD'; bash -i < /dev/null",
  "export PROMPT_COMMAND; printf -v PROMPT_COMMAND %s 'CMD'; bash -i < /dev/null",
  "export PROMPT_COMMAND; for PROMPT_COMMAND in 'CMD'; do bash -i < /dev/null; done",
  "f='() { CMD; }'; env \"BASH_FUNC_ls%%=$f\" bash -c ls",
  "f='BASH_FUNC_ls%%=() { CMD; }'; env \"$f\" bash -c ls",
  "x='ls=CMD'; shopt -s expand_aliases; alias \"$x\"\nls",
  "x='BASH_ALIASES[ls]=CMD'; declare \"$x\"; shopt -s expand_aliases\nls",
  "x='BASH_ALIASES[ls]'; printf -v \"$x\" %s 'CMD'; shopt -s expand_aliases\nls",
  "x='BASH_ALIASES[ls]'; read -r \"$x\" <<< 'CMD'; shopt -s expand_aliases\nls",
  "declare -n a=BASH_ALIASES; a[ls]='CMD'; shopt -s expand_aliases\nls",
  "f() { local -n a=BASH_ALIASES; a[ls]='CMD'; }; f; shopt -s expand_aliases\nls",
  "set -o history; history -s 'CMD'; history -s :; fc -s -2",
];

export { UNSPLITTABLE } from './bash-unsplittable-corpus.js';

/** Before an attack, a list, a pipeline or `!`: tree-sitter files the redirections ending its last command (a here-document) on the whole of it. */
const LIST_PREFIXES = ['true && ', 'false || ', 'echo | ', '! ', 'true && ! '];

export function attacks(): Attack[] {
  const out: Attack[] = [];
  const add = (family: string, templates: string[], targets = TARGETS) => {
    for (const template of templates) {
      for (const [cmd, program] of targets) out.push({ family, line: template.replaceAll('CMD', cmd), program });
    }
  };
  add('wrapper', WRAPPED);
  add('substitution', SUBSTITUTED);
  add('heredoc', HEREDOCS);
  add('after a list', LIST_PREFIXES.flatMap((prefix) => HEREDOCS.map((template) => prefix + template)));
  add('plain', PLAIN);
  add('assigned code', ASSIGNED);
  for (const template of CONTINUED) {
    for (const [line, program] of [
      ['r\\\nm x', 'rm'],
      ['cu\\\nrl http://example.invalid/x', 'curl'],
    ]) {
      out.push({ family: 'continuation', line: template.replaceAll('CONT_CMD', line), program });
    }
  }
  for (const spelling of RM_SPELLINGS) out.push({ family: 'spelling', line: spelling, program: 'rm' });
  for (const spelling of RM_SPELLINGS) if (!spelling.includes(';')) out.push({ family: 'spelling', line: `sudo ${spelling}`, program: 'rm' });
  return out;
}
