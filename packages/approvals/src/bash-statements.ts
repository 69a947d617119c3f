/**
 * The statements the walk (bash-walk.ts) reads other than simple commands
 * and redirections: assignments, tests (`[ … ]`, `[[ … ]]`), arithmetic
 * (`(( … ))`, a C-style `for` header) and `case`.
 */
import type { Node } from 'web-tree-sitter';
import { expand, type Context, type Expanded, type Word } from './bash-argv.js';
import type { LineAnalysis } from './bash-line.js';
import { syntaxPart } from './bash-part.js';
import type { NodeReader } from './bash-node-reader.js';
import { WORD_TYPES, wordLeaves } from './bash-tree.js';
import type { WordScanner } from './bash-words.js';
import { setsCommandTable } from './bash-evaluating.js';
import { holdsCode } from './bash-assigned-names.js';
import { environmentVariable } from './bash-wrappers.js';

/** What these statements use of the walk. */
export interface StatementWalk {
  readonly src: string;
  readonly wrappers: readonly string[];
  readonly nodes: NodeReader;
  readonly line: LineAnalysis;
  readonly scanner: WordScanner;
  readonly depth: number;
  word(node: Node): Word;
  text(node: Node): string;
  walk(node: Node): void;
  firstChildType(node: Node): string | undefined;
  evaluatesVariables(): void;
  expanded(text: string): void;
  invoke(argv: Expanded[], words: Word[], text: string, wrappers: readonly string[], context: Context): void;
}

export function walkAssignments(walk: StatementWalk, node: Node): void {
  const list = walk.nodes.type(node) === 'variable_assignment' ? [node] : walk.nodes.namedChildren(node).filter((c) => walk.nodes.type(c) === 'variable_assignment');
  const slot = walk.line.parts.length;
  for (const a of list) walkAssignment(walk, a);
  walk.line.add(syntaxPart(walk.text(node), 'assignment', '', [], walk.wrappers), slot);
}

/** `NAME=value`, `a[sub]=value`, `a=(…)`: what they run, and what bash does later with PS4 and friends. */
export function walkAssignment(walk: StatementWalk, node: Node): void {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  if (name?.type === 'subscript') walk.scanner.arithmetic(name.startIndex, name.endIndex);
  if (name && setsCommandTable(walk.text(name))) walk.line.incomplete('assigning to BASH_CMDS or BASH_ALIASES makes a name run another program');
  // `PROMPT_COMMAND[1]='rm x'`, `PS4=("$(rm x)")`: one element of code, or an array of it, is not read here.
  else if (name && holdsCode(walk.text(name)) && (name.type === 'subscript' || value?.type === 'array')) walk.line.incomplete(`bash runs or expands ${walk.text(name)}, and lug reads only a whole static value`);
  if (!value) return;
  if (value.type === 'array') {
    for (const element of value.namedChildren) if (WORD_TYPES.has(element.type)) walk.word(element);
    return;
  }
  const scanned = walk.word(value);
  if (scanned.static && name?.type === 'variable_name') walk.line.assign(walk.text(name), scanned.values.join(' '));
  if (scanned.static && name) {
    for (const inner of environmentVariable(`${walk.text(name)}=${scanned.values.join(' ')}`)) {
      if (inner.kind === 'script') walk.line.script(inner.text, walk.depth + 1, walk.wrappers);
      else if (inner.kind === 'expanded') walk.expanded(inner.text);
    }
  } else if (name && holdsCode(walk.text(name))) {
    walk.line.incomplete(`bash runs or expands the value of ${walk.text(name)} (a prompt, a file it sources, a function), and it is not static`);
  }
}

/** `for NAME in …` assigns NAME each word: `for PROMPT_COMMAND in 'rm x'` sets code that is no assignment part. */
export function walkFor(walk: StatementWalk, node: Node): void {
  const variable = node.childForFieldName('variable');
  if (variable && holdsCode(walk.text(variable))) walk.line.incomplete(`the loop assigns ${walk.text(variable)}, whose value bash runs`);
  for (const value of node.childrenForFieldName('value')) walk.word(value);
}

export function walkTest(walk: StatementWalk, node: Node): void {
  const open = walk.firstChildType(node) ?? '[';
  const words = wordLeaves(node, walk.nodes);
  const scanned = words.map((w) => walk.word(w));
  walk.evaluatesVariables();
  for (const w of scanned) if (w.static && /[$`]/.test(w.values.join(' '))) walk.expanded(w.values.join(' '));
  if (open === '[[') {
    walk.line.add(syntaxPart(walk.text(node), 'test', '[[', ['[[', ...scanned.flatMap((w) => w.values), ']]'], walk.wrappers));
    return;
  }
  const argv = [{ value: '[', static: true, word: 0 }, ...expand(scanned).map((a) => ({ ...a, word: a.word + 1 })), { value: ']', static: true, word: scanned.length + 1 }];
  const all: Word[] = [{ written: '[', values: ['['], static: true, start: node.startIndex, end: node.startIndex + 1 }, ...scanned, { written: ']', values: [']'], static: true, start: node.endIndex - 1, end: node.endIndex }];
  walk.invoke(argv, all, walk.text(node), walk.wrappers, { stdin: undefined, node });
}

export function walkArithmetic(walk: StatementWalk, node: Node): void {
  walk.line.add(syntaxPart(walk.text(node), 'arithmetic', '((', [], walk.wrappers));
  walk.scanner.arithmetic(node.startIndex + 2, node.endIndex - 2);
}

export function walkCFor(walk: StatementWalk, node: Node): void {
  const body = node.childForFieldName('body');
  const headerEnd = body ? body.startIndex : node.endIndex;
  const header = walk.src.slice(node.startIndex, headerEnd).trim().replace(/;$/, '').trim();
  const open = walk.src.indexOf('((', node.startIndex);
  const close = walk.src.lastIndexOf('))', headerEnd);
  walk.line.add(syntaxPart(header, 'arithmetic', '((', [], walk.wrappers));
  if (open >= 0 && close > open) walk.scanner.arithmetic(open + 2, close);
  if (body) walk.walk(body);
}

export function walkCase(walk: StatementWalk, node: Node): void {
  const value = node.childForFieldName('value');
  if (value) walk.word(value);
  for (const item of node.namedChildren) {
    if (item.type !== 'case_item') continue;
    const patterns = item.childrenForFieldName('value');
    for (const pattern of patterns) walk.word(pattern);
    for (const child of item.namedChildren) if (!patterns.some((p) => p.equals(child))) walk.walk(child);
  }
}
