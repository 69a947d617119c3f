/**
 * Splits a bash command line into the parts a rule judges one by one, with a
 * real shell parser (tree-sitter-bash), so that a rule allowing `git status`
 * cannot be used to run `git status && rm -rf ~` or `git status > ~/.bashrc`,
 * and a rule denying `rm` sees the `rm` of `sudo rm`, `bash -c 'rm x'`,
 * `` cat <<EOF … `rm x` … EOF `` and `r\<newline>m x`.
 *
 * A part is each simple command bash (or a program it starts) would run,
 * wherever it sits, with the program it names (bash-part.ts); plus `> FILE`
 * for each redirection that writes to a file other than /dev/null. A line
 * lug cannot split with certainty is `incomplete`: its first part is then the
 * whole line, marked so, and the parts found follow it.
 */
import { createRequire } from 'node:module';
import type { Parser } from 'web-tree-sitter';
import { LineAnalysis } from './bash-line.js';
import type { BashPart } from './bash-part.js';
import { splitPlainLine } from './bash-plain-line.js';

export type { BashPart } from './bash-part.js';

export interface CommandLineParts {
  /** The parts in the order they appear; when incomplete, the whole line first. */
  parts: BashPart[];
  /** Why lug cannot split the line with certainty (a syntax error, `eval $x`, `bash -c "$cmd"`): the call must ask. */
  incomplete?: string;
}

let loading: Promise<Parser> | undefined;

/**
 * The parser, loaded on first use and only once (~25–40 ms: the runtime and
 * the grammar are WebAssembly). A failed load is forgotten so a later call retries.
 */
export function loadBashParser(): Promise<Parser> {
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init();
    const grammar = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    const bash = await Language.load(grammar);
    return new Parser().setLanguage(bash);
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export async function splitCommandLine(line: string): Promise<CommandLineParts> {
  // A plain line (words and operators only) needs no parser (bash-plain-line.ts).
  const plain = splitPlainLine(line);
  if (plain) return { parts: plain };
  let parser: Parser;
  try {
    parser = await loadBashParser();
  } catch (err) {
    return incompleteLine(line, [], `the bash parser could not be loaded (${(err as Error).message}), so the command line cannot be checked part by part`);
  }
  return splitWith(parser, line);
}

/** `maxParseMs`: how long parsing may take before the line is incomplete (default 3 s). */
export function splitWith(parser: Parser, line: string, maxParseMs?: number): CommandLineParts {
  const analysis = new LineAnalysis(parser, maxParseMs);
  let failure: string | undefined;
  try {
    analysis.script(line, 0, []);
  } catch (err) {
    failure = `lug could not split the command line (${(err as Error).message})`;
  }
  const reason = analysis.finish() ?? failure;
  const parts = analysis.parts;
  return reason ? incompleteLine(line, parts, failure && reason !== failure ? `${reason}; ${failure}` : reason) : { parts };
}

function incompleteLine(line: string, parts: BashPart[], reason: string): CommandLineParts {
  const whole: BashPart = { text: line, kind: 'line', program: '', program_name: '', argv: [], dynamic: false, wrappers: [], incomplete: true };
  return { parts: [whole, ...parts], incomplete: reason };
}
