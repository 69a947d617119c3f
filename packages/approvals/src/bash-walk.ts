/**
 * The walk over one script's statements: each simple command's words read
 * as bash reads them (bash-words.ts), what wrappers run (bash-wrappers.ts),
 * redirections and what a shell reads on its standard input
 * (bash-redirections.ts), the statements that are not simple commands
 * (assignments, tests, arithmetic, C-style for, case: bash-statements.ts),
 * and whatever bash parses again (backtick contents, `bash -c` and `eval`
 * scripts) handed back to the line as a new script.
 */
import type { Node } from 'web-tree-sitter';
import type { LineAnalysis } from './bash-line.js';
import { MAX_DEPTH } from './bash-line.js';
import { NodeReader } from './bash-node-reader.js';
import { commandPart, type BashPart } from './bash-part.js';
import { Redirections, type RedirectionWalk, type Stdin } from './bash-redirections.js';
import { lastCommandOf, REDIRECTS, startingAt, unquotedNewline, preview, WORD_TYPES, wordRanges, wordsAfterTarget } from './bash-tree.js';
import { substitutionAlone, substitutionType } from './bash-substitutions.js';
import { walkArithmetic, walkAssignment, walkAssignments, walkCase, walkCFor, walkFor, walkTest, type StatementWalk } from './bash-statements.js';
import { WordScanner, type SubstitutionKind, type WordHost } from './bash-words.js';
import { guessCommand } from './bash-guesses.js';
import { innerOf, type Inner } from './bash-wrappers.js';
import { expand, type Context, type Expanded, type Word } from './bash-argv.js';

/** The input of a script whose reader the walk cannot see (a backtick's, a substitution parsed on its own). */
const UNSEEN: Stdin = { kind: 'dynamic' };

/** What may stand between a statement's children: blanks and backslash-newlines. */
const BLANKS = /^(?:\s|\\\n)*$/;

export class SourceWalk implements WordHost, RedirectionWalk, StatementWalk {
  /** What the walk reads of its tree's nodes, read once. */
  readonly nodes = new NodeReader();
  readonly scanner: WordScanner;
  private readonly redirections = new Redirections(this);
  /** Each word is read once, however many times it is asked about. */
  private readonly words = new Map<number, Word>();
  /**
   * Redirections tree-sitter filed on a whole list or pipeline (`a && sh <<EOF`,
   * `a | rm 2>&1 -rf /`) that bash gives to its last command, by that command's node id.
   */
  private readonly adopted = new Map<number, Node[]>();
  /** The redirections of a redirected statement, by its body's node id: they are the body's when it is a command. */
  private readonly bodyRedirects = new Map<number, Node[]>();

  constructor(
    readonly line: LineAnalysis,
    readonly src: string,
    private readonly root: Node,
    readonly depth: number,
    readonly wrappers: readonly string[],
    /** The text tree-sitter parsed, as long as `src` (bash-source.ts blanks and hides some of it). */
    private readonly parsed: string = src,
    /** What the program running this script reads on its standard input (`echo 'rm x' | bash -c bash`): its commands read it too. */
    private readonly inherited: Stdin = undefined,
  ) {
    this.scanner = new WordScanner(src, this);
  }

  partCount(): number {
    return this.line.parts.length;
  }

  add(part: BashPart, at?: number): boolean {
    return this.line.add(part, at);
  }

  expandableAt(start: number, end: number): string | undefined {
    return this.scanner.expandable(start, end);
  }

  // --- WordHost

  substitution(at: number, end: number, kind: SubstitutionKind): number | undefined {
    const found = startingAt(this.root, at, substitutionType(kind), this.nodes);
    if (found && !found.hasError && this.nodes.end(found) <= end) {
      if (kind !== 'arithmetic') this.walkChildren(found);
      return this.nodes.end(found);
    }
    if (this.line.stopped) return end;
    // tree-sitter did not see it here (inside a here-document, say): parsed on its own.
    const alone = substitutionAlone(this.src, at, end, kind, (text) => this.line.parse(text));
    if (alone) {
      if (kind !== 'arithmetic') new SourceWalk(this.line, alone.text, alone.tree.rootNode, this.depth + 1, this.wrappers, alone.text, UNSEEN).walkChildren(alone.node);
      return at + alone.node.endIndex;
    }
    if (kind !== 'arithmetic') this.incomplete(`lug cannot tell where the substitution at "${preview(this.src.slice(at, end))}" ends`);
    return undefined;
  }

  script(text: string): void {
    this.line.script(text, this.depth + 1, this.wrappers, UNSEEN);
  }

  incomplete(reason: string): void {
    this.line.incomplete(reason);
  }

  evaluatesVariables(): void {
    this.line.sawEvaluation();
  }

  codeInLiteral(text: string): void {
    this.line.sawLiteralCode(text);
  }

  /** The commands `text` (this walk's whole source) substitutes when expanded like a double-quoted string. */
  expandable(text: string): void {
    this.scanner.expandable(0, text.length);
  }

  // --- statements

  walk(node: Node): void {
    if (this.line.stopped) return;
    const type = this.nodes.type(node);
    switch (type) {
      case 'command':
        return this.command(node);
      case 'declaration_command':
      case 'unset_command':
        return this.command(node);
      case 'redirected_statement':
        return this.redirected(node);
      case 'variable_assignment':
      case 'variable_assignments':
        return walkAssignments(this, node);
      case 'test_command':
        return walkTest(this, node);
      case 'compound_statement':
        if (this.firstChildType(node) === '((') return walkArithmetic(this, node);
        return this.walkChildren(node);
      case 'c_style_for_statement':
        return walkCFor(this, node);
      case 'for_statement':
        walkFor(this, node);
        return this.walkChildren(node, WORD_TYPES);
      case 'case_statement':
        return walkCase(this, node);
      case 'heredoc_redirect':
      case 'file_redirect':
      case 'herestring_redirect':
        return this.statementRedirect(node);
      case 'comment':
        return;
      case 'program':
      case 'list':
      case 'pipeline':
      case 'negated_command':
        this.checkGaps(node);
        return this.walkChildren(node);
      default:
        // A word where a statement should be (under an ERROR, say): what it substitutes still runs.
        if (WORD_TYPES.has(type)) {
          this.word(node);
          return;
        }
        // Lists, pipelines, subshells, groups, if/while/until, function bodies, ERROR nodes.
        return this.walkChildren(node);
    }
  }

  /**
   * Text between a statement's children that no node holds: tree-sitter drops
   * a bare `-` before `2>` (`find - 2> f` reads as `find 2> f`, `a | - 2> f`
   * as `a | 2> f`), so bash would see a word lug does not.
   */
  private checkGaps(node: Node): void {
    const children = this.nodes.children(node);
    // The root begins at its first token: what it skipped before that counts too.
    const [start, end] = this.nodes.type(node) === 'program' ? [0, this.parsed.length] : [node.startIndex, this.nodes.end(node)];
    for (let i = 0; i <= children.length; i++) {
      const from = i ? this.nodes.end(children[i - 1]) : start;
      const to = i < children.length ? children[i].startIndex : end;
      if (to > from && !BLANKS.test(this.parsed.slice(from, to))) this.incomplete(`lug cannot read \`${preview(this.parsed.slice(from, to).trim())}\` where it stands`);
    }
  }

  walkChildren(node: Node, skip?: ReadonlySet<string>): void {
    for (const child of this.nodes.namedChildren(node)) {
      if (!skip?.has(this.nodes.type(child))) this.walk(child);
    }
  }

  firstChildType(node: Node): string | undefined {
    const first = this.nodes.children(node)[0];
    return first && this.nodes.type(first);
  }

  text(node: Node): string {
    return this.src.slice(node.startIndex, this.nodes.end(node));
  }

  word(node: Node): Word {
    return this.wordAt(node.startIndex, this.nodes.end(node));
  }

  private wordAt(start: number, end: number): Word {
    const key = start * 0x100000 + end;
    let word = this.words.get(key);
    if (!word) {
      const newline = this.src.indexOf('\n', start);
      if (newline >= 0 && newline < end && unquotedNewline(this.src.slice(start, end))) this.incomplete('lug misread a word that spans lines (a here-document, perhaps)');
      const value = this.scanner.word(start, end);
      word = { written: value.written, values: value.values, static: value.static, start, end };
      this.words.set(key, word);
    }
    return word;
  }

  /** A simple command (or declare/unset): its assignments, words, redirections, and what it runs. */
  private command(node: Node): void {
    const assignments: Node[] = [];
    const words: Node[] = [];
    const redirects: Node[] = [];
    const nodes = this.nodes;
    const simple = nodes.type(node) === 'command';
    const children = nodes.children(node);
    for (const child of children) {
      const type = nodes.type(child);
      if (type === 'variable_assignment' && simple) assignments.push(child);
      else if (REDIRECTS.has(type)) redirects.push(child);
      // A command name spans the one word it holds (bash-node-reader.test.ts): its own range is that word's.
      else if (type === 'command_name') words.push(child);
      else if (type === 'subshell') this.walk(child);
      else if (type === 'comment') continue;
      // tree-sitter reads the `0` of `bash 0<<< 'rm x'` as an argument (a script file for bash); bash reads a descriptor.
      else if (type === 'number' && /[<>]/.test(this.src[nodes.end(child)] ?? '') && /^[0-9]+$/.test(this.text(child))) continue;
      else if (nodes.isNamed(child) || (!simple && words.length === 0) || type === '$' || type === '==' || type === '=~') words.push(child);
    }
    // A redirected statement's redirections are its body's (redirected() files them here, as it knows the body).
    redirects.push(...(this.bodyRedirects.get(node.id) ?? []));
    redirects.push(...(this.adopted.get(node.id) ?? []));
    const siblingEnds = children.map((c) => nodes.end(c));
    for (const redirect of redirects) {
      words.push(...wordsAfterTarget(redirect, nodes));
      siblingEnds.push(nodes.end(redirect), ...nodes.namedChildren(redirect).map((c) => nodes.end(c)));
    }
    const ranges = wordRanges(this.src, words, siblingEnds, node.startIndex, nodes);

    const pieces = [...assignments.map((a) => ({ start: a.startIndex, end: nodes.end(a) })), ...ranges].sort((x, y) => x.start - y.start);
    const text = pieces.map((p) => this.src.slice(p.start, p.end)).join(' ');
    const slot = this.line.parts.length;
    for (const assignment of assignments) walkAssignment(this, assignment);
    const scanned = ranges.map((r) => this.wordAt(r.start, r.end));
    const stdin = redirects.length ? this.redirections.read(redirects) : undefined;
    if (!scanned.length) return;
    this.invoke(expand(scanned), scanned, text, this.wrappers, { stdin, node }, undefined, slot);
  }

  /** One program run: a part, and the parts of what it runs in turn. */
  invoke(argv: Expanded[], words: Word[], text: string, wrappers: readonly string[], context: Context, placeholder?: string, at?: number): void {
    if (placeholder !== undefined) argv = argv.map((a) => (a.value.includes(placeholder) ? { ...a, static: false } : a));
    const first = argv[0];
    const program = first.value;
    const dynamic = !first.static || context.guessed === true;
    if (!this.line.add(commandPart(text, argv.map((a) => a.value), dynamic, wrappers), at)) return;
    if (!first.static) {
      for (const guess of guessCommand(program, this.line.assigned)) {
        const guessed = [...guess.map((value) => ({ value, static: true, word: first.word })), ...argv.slice(1)];
        this.invoke(guessed, words, text, wrappers, { ...context, guessed: true });
      }
      return;
    }
    const inside = [...wrappers, program];
    if (inside.length > MAX_DEPTH * 2) {
      this.incomplete(`commands are wrapped more than ${MAX_DEPTH * 2} deep`);
      return;
    }
    for (const inner of innerOf(argv)) this.runs(inner, argv, words, inside, context);
  }

  /** What a wrapper runs: a command, a script, a text it expands, its standard input. */
  private runs(inner: Inner, argv: Expanded[], words: Word[], wrappers: readonly string[], context: Context): void {
    switch (inner.kind) {
      case 'command': {
        const slice = argv.slice(inner.from, inner.to);
        const firstWord = words[slice[0].word];
        const lastWord = words[slice[slice.length - 1].word];
        const text = words
          .slice(words.indexOf(firstWord), words.indexOf(lastWord) + 1)
          .map((w) => w.written)
          .join(' ');
        return this.invoke(slice, words, text, wrappers, context, inner.placeholder);
      }
      case 'script':
        if (inner.positional) this.line.assignPositional(inner.positional);
        return this.line.script(inner.text, this.depth + 1, wrappers, this.stdinOf(context));
      case 'expanded':
        return this.expanded(inner.text);
      case 'unknown':
        return this.incomplete(`${argv[0].value}: ${inner.reason}`);
      case 'evaluates-variables':
        return this.evaluatesVariables();
      case 'stdin': {
        const script = this.stdinOf(context);
        if (script?.kind === 'dynamic') return this.incomplete(`${argv[0].value} runs a script read from its standard input, which is not static text`);
        if (script?.kind === 'text') this.line.script(script.text, this.depth + 1, wrappers);
        return;
      }
    }
  }

  /** What a command reads on its standard input, when that is on the line: its own redirection, a pipe, or what encloses it. */
  private stdinOf(context: Context): Stdin {
    const own = this.redirections.stdinScript(context.stdin, context.node);
    if (own !== undefined || context.stdin !== undefined) return own;
    const enclosing = this.redirections.enclosingStdin(context.node, this.inherited);
    return enclosing?.kind === 'file' ? undefined : enclosing;
  }

  /** A text bash expands later like a double-quoted string: the commands it substitutes. */
  expanded(text: string): void {
    const tree = this.line.parse(text);
    new SourceWalk(this.line, text, tree.rootNode, this.depth + 1, this.wrappers).expandable(text);
  }

  /** A redirection standing alone (`> f`, `<<EOF …`), or one tree-sitter filed outside its command. */
  private statementRedirect(node: Node): void {
    this.redirections.read([node]);
    const words = wordsAfterTarget(node, this.nodes);
    if (words.length) {
      const scanned = words.map((w) => this.word(w));
      this.invoke(expand(scanned), scanned, scanned.map((w) => w.written).join(' '), this.wrappers, { stdin: undefined, node });
    }
  }

  private redirected(node: Node): void {
    const body = node.childForFieldName('body');
    const redirects = this.nodes.children(node).filter((c) => REDIRECTS.has(this.nodes.type(c)));
    this.checkGaps(node);
    // tree-sitter files `a && rm 2>&1 -rf /` as `(a && rm) 2>&1 -rf /`: bash gives the redirections, and the words after them, to `rm`.
    const last = body && lastCommandOf(body, this.nodes);
    if (last) this.adopted.set(last.id, redirects);
    if (body) {
      this.bodyRedirects.set(body.id, redirects);
      this.walk(body);
    }
    // A command reads its own redirections; any other body (a loop, a group) has them read here.
    if ((body && this.nodes.type(body) === 'command') || last) return;
    for (const redirect of redirects) this.statementRedirect(redirect);
  }
}


