/**
 * One command line's analysis: every simple command bash would run, found
 * by walking tree-sitter's statements (bash-walk.ts), and why the line
 * cannot be split with certainty, if it cannot.
 */
import type { Parser, Tree } from 'web-tree-sitter';
import type { BashPart } from './bash-part.js';
import type { Stdin } from './bash-redirections.js';
import { prepareSource } from './bash-source.js';
import { describeSyntaxError, preview } from './bash-tree.js';
import { SourceWalk } from './bash-walk.js';

/** How deep scripts inside scripts are followed (`bash -c "eval 'sh -c …'"`). */
export const MAX_DEPTH = 8;
/** A line with more parts than this is not followed further. */
export const MAX_PARTS = 1000;
/** Parsing more text than this for one line (scripts parsed again, substitutions parsed alone) stops the analysis. */
export const MAX_PARSED = 2_000_000;
/**
 * Parsing for longer than this stops the analysis: tree-sitter's time grows
 * faster than the text on some inputs (a 60 KB here-document line full of
 * `$(…)` takes seconds), and a call waits for it.
 */
export const MAX_PARSE_MS = 3000;

export class LineAnalysis {
  readonly parts: BashPart[] = [];
  readonly reasons: string[] = [];
  private readonly trees: Tree[] = [];
  /** Static texts holding `$(` or a backtick, which an evaluation may run. */
  private readonly literalCode: string[] = [];
  private evaluatesVariables = false;
  /** Static values the line assigns to variables, for guessing what `$cmd` runs. */
  readonly assigned = new Map<string, string[]>();

  private readonly deadline: number;

  constructor(
    private readonly parser: Parser,
    private readonly maxParseMs = MAX_PARSE_MS,
  ) {
    this.deadline = performance.now() + maxParseMs;
  }

  incomplete(reason: string): void {
    if (!this.reasons.includes(reason)) this.reasons.push(reason);
  }

  sawLiteralCode(text: string): void {
    if (this.literalCode.length < 64) this.literalCode.push(text);
  }

  assign(name: string, value: string): void {
    const values = this.assigned.get(name) ?? [];
    if (values.length < 8) values.push(value);
    this.assigned.set(name, values);
  }

  /** A script's `$0`, `$1`…, `$@` and `$*`, among the values guessed from (a guess is never a certainty, so all scripts' are kept). */
  assignPositional(values: readonly string[]): void {
    values.forEach((value, k) => this.assign(String(k), value));
    this.assign('@', values.slice(1).join(' '));
    this.assign('*', values.slice(1).join(' '));
  }

  sawEvaluation(): void {
    this.evaluatesVariables = true;
  }

  /** Adds a part at the end, or at `at` (a command goes before the commands its words substitute). */
  /** Set once the analysis is past a limit: the walk stops, and the line is incomplete. */
  stopped = false;
  private parsed = 0;

  private stop(reason: string): void {
    this.incomplete(reason);
    this.stopped = true;
  }

  add(part: BashPart, at?: number): boolean {
    if (this.stopped) return false;
    if (this.parts.length >= MAX_PARTS) {
      this.stop(`the line has more than ${MAX_PARTS} parts`);
      return false;
    }
    if (at === undefined) this.parts.push(part);
    else this.parts.splice(at, 0, part);
    return true;
  }

  /** Parse `text` as a script and find its parts; `wrappers` are the programs that run it. */
  script(text: string, depth: number, wrappers: readonly string[], stdin?: Stdin): void {
    if (this.stopped) return;
    if (depth > MAX_DEPTH) {
      this.incomplete(`scripts are nested more than ${MAX_DEPTH} deep`);
      return;
    }
    const source = prepareSource(text, (t) => this.parse(t));
    const root = source.tree.rootNode;
    if (root.hasError) this.incomplete(describeSyntaxError(root, source.text));
    if (source.misread !== undefined) this.incomplete(`tree-sitter read the here-document delimiter "${preview(source.misread)}" with an operator in it, so what follows it on its line may be misread`);
    new SourceWalk(this, source.text, root, depth, wrappers, source.parsed, stdin).walk(root);
  }

  /** A tree that lives as long as the analysis. */
  parse(text: string): Tree {
    this.parsed += text.length;
    if (this.parsed > MAX_PARSED) {
      this.stop(`the line needs more than ${MAX_PARSED} characters parsed`);
      text = '';
    }
    const late = () => performance.now() > this.deadline;
    // The callback cancels the parse by returning true (web-tree-sitter's .d.ts types its result as void).
    let tree = this.parser.parse(text, null, { progressCallback: late as unknown as () => void });
    if (!tree && late()) {
      this.stop(`splitting the line took longer than ${this.maxParseMs} ms`);
      this.parser.reset();
      tree = this.parser.parse('');
    }
    if (!tree) throw new Error('the bash parser returned no tree');
    this.trees.push(tree);
    return tree;
  }

  /**
   * Why the line cannot be split with certainty, if it cannot. A quoted text
   * that looks like code, on a line that evaluates variables as code, may be
   * run by it (`y='$(rm x)'; echo ${y@P}`): the line is incomplete, and the
   * commands such a text would run are parts too.
   */
  finish(): string | undefined {
    if (this.literalCode.length && this.evaluatesVariables) {
      this.incomplete('a quoted text holds `$(` or a backtick, and the line evaluates variables as code (arithmetic, `${x@P}`, `declare -i`), which may run it');
      for (const text of this.literalCode.splice(0)) {
        const tree = this.parse(text);
        new SourceWalk(this, text, tree.rootNode, 1, []).expandable(text);
      }
    }
    for (const tree of this.trees.splice(0)) tree.delete();
    return this.reasons.length ? this.reasons.join('; ') : undefined;
  }
}

