/**
 * A command's redirections: a file written is a part (`> FILE`), the words
 * of a target or a here-string may substitute commands, a here-document's
 * body with an unquoted delimiter is expanded (so the commands it
 * substitutes are parts), and what a command reads on its standard input —
 * its own here-document or here-string, or a pipe from `echo`, `printf` or
 * `cat` — is known when static, for a shell that runs it as a script.
 */
import type { Node } from 'web-tree-sitter';
import type { NodeReader } from './bash-node-reader.js';
import { redirectPart, type BashPart } from './bash-part.js';
import { HEREDOC_PIECES, operator, REDIRECTS, WORD_TYPES } from './bash-tree.js';
import type { Word } from './bash-argv.js';
import { programName } from './bash-wrappers.js';

/** What a command reads on its standard input, when that is on the line. */
export type Stdin = { kind: 'text'; text: string } | { kind: 'dynamic' } | { kind: 'file' } | undefined;

/** What the redirections need of the walk. */
export interface RedirectionWalk {
  readonly src: string;
  readonly wrappers: readonly string[];
  /** What the walk reads of its tree's nodes, read once. */
  readonly nodes: NodeReader;
  word(node: Node): Word;
  text(node: Node): string;
  walk(node: Node): void;
  partCount(): number;
  add(part: BashPart, at?: number): boolean;
  /** The static value of [start, end) expanded like a here-document's body, running what it substitutes. */
  expandableAt(start: number, end: number): string | undefined;
}

export class Redirections {
  /** Each here-document is read once, however many times it is asked about. */
  private readonly bodies = new Map<number, string | undefined>();

  constructor(private readonly walk: RedirectionWalk) {}

  /** Reads every redirection (its target's commands, a written file as a part); returns what stdin becomes. */
  read(redirects: Node[]): Stdin {
    const nodes = this.walk.nodes;
    for (const redirect of redirects) {
      const type = nodes.type(redirect);
      if (type === 'file_redirect') this.fileRedirect(redirect);
      else if (type === 'herestring_redirect') this.hereString(redirect);
      else this.heredoc(redirect);
    }
    return this.stdinOf(redirects);
  }

  stdinOf(redirects: Node[]): Stdin {
    const nodes = this.walk.nodes;
    let stdin: Stdin;
    for (const redirect of redirects) {
      const type = nodes.type(redirect);
      // Only a redirection that names a descriptor has a `file_descriptor` child (asking for the field costs a call).
      const descriptor = nodes.namedChildren(redirect).some((c) => nodes.type(c) === 'file_descriptor') ? redirect.childForFieldName('descriptor') : null;
      if (descriptor && this.walk.text(descriptor) !== '0') continue;
      if (type === 'herestring_redirect') {
        const word = nodes.namedChildren(redirect).find((c) => WORD_TYPES.has(nodes.type(c)));
        const value = word && this.walk.word(word);
        stdin = value?.static ? { kind: 'text', text: `${value.values.join(' ')}\n` } : { kind: 'dynamic' };
      } else if (type === 'heredoc_redirect') {
        const body = this.heredocText(redirect);
        stdin = body === undefined ? { kind: 'dynamic' } : { kind: 'text', text: body };
      } else {
        const op = operator(redirect, nodes);
        if (op === '<' || op === '<&') stdin = this.inputFile(redirect, op);
      }
    }
    return stdin;
  }

  /**
   * A file read on stdin: a script in a file is not read here, but one from a
   * command's output (`sh < <(curl …)`), the network (`/dev/tcp/…`) or another
   * descriptor (`sh <&3 3< <(…)`) is code lug cannot see.
   */
  private inputFile(redirect: Node, op: string): Stdin {
    const target = redirect.childForFieldName('destination');
    if (!target) return { kind: 'file' };
    if (this.walk.nodes.type(target) === 'process_substitution') return { kind: 'dynamic' };
    const word = this.walk.word(target);
    const value = word.values.join(' ');
    if (op === '<&' && value !== '0' && value !== '-') return { kind: 'dynamic' };
    return /^\/dev\/(tcp|udp)\//.test(value) ? { kind: 'dynamic' } : { kind: 'file' };
  }

  fileRedirect(redirect: Node): void {
    const nodes = this.walk.nodes;
    const target = redirect.childForFieldName('destination');
    if (!target) return; // `>&-` closes a descriptor
    const slot = this.walk.partCount();
    const value = this.walk.word(target);
    const op = operator(redirect, nodes);
    if (!op.includes('>')) return;
    if ((op === '>&' || op === '<&') && (nodes.type(target) === 'number' || value.values[0] === '-')) return; // `2>&1`
    if (value.static && value.values.length === 1 && value.values[0] === '/dev/null') return;
    this.walk.add(redirectPart(value.written, value.values.join(' '), !value.static, this.walk.wrappers), slot);
  }

  hereString(redirect: Node): void {
    const nodes = this.walk.nodes;
    for (const child of nodes.namedChildren(redirect)) if (WORD_TYPES.has(nodes.type(child))) this.walk.word(child);
  }

  /** A here-document: commands its body substitutes, and what tree-sitter filed under it (`| sh`, `&& b`, words). */
  private heredoc(redirect: Node): void {
    const nodes = this.walk.nodes;
    for (const child of nodes.namedChildren(redirect)) {
      const type = nodes.type(child);
      if (type === 'file_redirect') this.fileRedirect(child);
      else if (type === 'herestring_redirect') this.hereString(child);
    }
    this.heredocText(redirect);
    for (const child of nodes.namedChildren(redirect)) {
      const type = nodes.type(child);
      if (!REDIRECTS.has(type) && !HEREDOC_PIECES.has(type) && !WORD_TYPES.has(type)) this.walk.walk(child);
    }
  }

  /**
   * The body's text as the command reads it, or undefined if it is not static.
   * With an unquoted delimiter, the body is expanded like a double-quoted
   * string, so the commands it substitutes run (and are parts).
   */
  private heredocText(redirect: Node): string | undefined {
    if (this.bodies.has(redirect.startIndex)) return this.bodies.get(redirect.startIndex);
    const text = this.readHeredoc(redirect);
    this.bodies.set(redirect.startIndex, text);
    return text;
  }

  private readHeredoc(redirect: Node): string | undefined {
    const nodes = this.walk.nodes;
    const children = nodes.children(redirect);
    const body = children.find((c) => nodes.type(c) === 'heredoc_body');
    const end = children.find((c) => nodes.type(c) === 'heredoc_end');
    const start = children.find((c) => nodes.type(c) === 'heredoc_start');
    if (!body || !start) return '';
    const stop = end ? end.startIndex : nodes.end(body);
    if (/['"\\]/.test(this.walk.text(start))) return this.walk.src.slice(body.startIndex, stop);
    return this.walk.expandableAt(body.startIndex, stop);
  }

  /** A shell (or sudo -s, ssh…) that runs its standard input: a here-document, a here-string, or a pipe. */
  /**
   * The script a shell (or sudo -s, ssh…) runs from its standard input: its own
   * here-document or here-string, else what the pipeline's previous stage
   * writes. Undefined when it reads nothing from the line (a file, the tool's
   * empty input); `dynamic` when that is not static text.
   */
  stdinScript(own: Stdin, node: Node): Stdin {
    const stdin = own ?? this.pipedInto(node);
    return stdin?.kind === 'file' ? undefined : stdin;
  }

  /**
   * What a command with no redirection of its own, and no pipe into it, reads:
   * what encloses it reads (`echo 'rm x' | { sh; }`, `if …; then sh; fi <<<
   * 'rm x'`, `echo 'rm x' | echo $(sh)`), a caller's input in a function's
   * body (not on the line), else what the program running its script reads
   * (`inherited`: `echo 'rm x' | bash -c sh`).
   */
  enclosingStdin(node: Node, inherited: Stdin): Stdin {
    let child = node;
    if (child.parent?.type === 'redirected_statement') child = child.parent;
    if (child.parent?.type === 'pipeline') {
      // A later stage's input is the previous stage's output, which pipedInto judged.
      if (!isFirstStage(child.parent, child)) return undefined;
      child = child.parent;
    }
    for (let up = child.parent; up; child = up, up = up.parent) {
      if (up.type === 'function_definition') return { kind: 'dynamic' };
      if (up.type === 'pipeline' && !isFirstStage(up, child)) return this.output(previousStage(up, child)) ?? { kind: 'dynamic' };
      if (up.type === 'redirected_statement') {
        const stdin = this.stdinOf(up.children.filter((c) => REDIRECTS.has(c.type)));
        if (stdin) return stdin;
      }
    }
    return inherited;
  }

  /** What the previous stage of a pipeline writes, when it is static text (`echo 'rm x' | sh`). */
  private pipedInto(node: Node): Stdin {
    let stage = node;
    if (stage.parent?.type === 'redirected_statement') stage = stage.parent;
    const pipeline = stage.parent;
    if (pipeline?.type !== 'pipeline') return undefined;
    const stages = pipeline.namedChildren.filter((c) => c.type !== 'comment');
    const index = stages.findIndex((s) => s.equals(stage));
    let previous = index > 0 ? stages[index - 1] : undefined;
    if (index === 0 && pipeline.parent?.type === 'heredoc_redirect') previous = pipeline.parent.parent ?? undefined; // `cat <<EOF | sh`
    if (!previous) return undefined;
    return this.output(previous) ?? { kind: 'dynamic' };
  }

  /** The static output of `echo …`, `printf TEXT` or `cat` of a here-document or here-string. */
  private output(stage: Node): Stdin {
    const command = stage.type === 'redirected_statement' ? stage.childForFieldName('body') : stage;
    if (command?.type !== 'command') return undefined;
    const words = command.children.filter((c) => c.type === 'command_name' || (c.isNamed && WORD_TYPES.has(c.type))).map((c) => this.walk.word(c.type === 'command_name' ? (c.firstNamedChild ?? c) : c));
    if (!words.length || !words.every((w) => w.static)) return undefined;
    const argv = words.flatMap((w) => w.values);
    const name = programName(argv[0]);
    if (name === 'echo' && !argv.slice(1).some((a) => /^-[neE]+$/.test(a))) return { kind: 'text', text: `${argv.slice(1).join(' ')}\n` };
    if (name === 'printf' && argv.length === 2 && !/[%\\]/.test(argv[1])) return { kind: 'text', text: argv[1] };
    if (name === 'cat' && argv.length === 1) {
      const redirects = [...command.children, ...(stage.type === 'redirected_statement' ? stage.children : [])].filter((c) => REDIRECTS.has(c.type));
      return this.stdinOf(redirects);
    }
    return undefined;
  }
}

function stagesOf(pipeline: Node): Node[] {
  return pipeline.namedChildren.filter((c) => c.type !== 'comment');
}

function isFirstStage(pipeline: Node, stage: Node): boolean {
  return stagesOf(pipeline)[0]?.equals(stage) ?? true;
}

function previousStage(pipeline: Node, stage: Node): Node {
  const stages = stagesOf(pipeline);
  return stages[stages.findIndex((s) => s.equals(stage)) - 1] ?? stages[0];
}
