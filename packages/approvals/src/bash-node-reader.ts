/**
 * tree-sitter's nodes as one walk reads them, each fact read once. Every
 * getter of web-tree-sitter's `Node` (`type`, `endIndex`, `isNamed`,
 * `children`, `namedChildren`, `parent`, …) calls into WebAssembly, and each
 * list of children is a new array of new `Node` objects, so asking a node the
 * same thing twice costs twice. The walk asks the same nodes many times (a
 * statement's type to dispatch it, a command's children to sort them, a
 * word's end to find its range and again to read it): here a node's type and
 * end are read once, keyed by its id (unique within a tree; one reader
 * serves one tree), whether it is named comes from its type id (one call per
 * type, not per node), and each list of children is fetched once: a node's
 * named children are filtered from its children when those were fetched
 * already (making a `Node` object costs more than asking one's type), and
 * fetched on their own otherwise (filtering would read the type of every
 * operator and keyword, which the walk never asks).
 */
import type { Language, Node } from 'web-tree-sitter';

interface Facts {
  typeId: number;
  end: number;
  children?: Node[];
  namedChildren?: Node[];
}

/** Whether a type id is named, per language: the same for every node of that type. */
const namedTypes = new WeakMap<Language, boolean[]>();

export class NodeReader {
  private readonly facts = new Map<number, Facts>();

  private factsOf(node: Node): Facts {
    let facts = this.facts.get(node.id);
    if (!facts) {
      facts = { typeId: node.typeId, end: -1 };
      this.facts.set(node.id, facts);
    }
    return facts;
  }

  type(node: Node): string {
    return node.tree.language.types[this.factsOf(node).typeId] || 'ERROR';
  }

  end(node: Node): number {
    const facts = this.factsOf(node);
    if (facts.end < 0) facts.end = node.endIndex;
    return facts.end;
  }

  isNamed(node: Node): boolean {
    const typeId = this.factsOf(node).typeId;
    const language = node.tree.language;
    let named = namedTypes.get(language);
    if (!named) namedTypes.set(language, (named = []));
    return (named[typeId] ??= language.nodeTypeIsNamed(typeId));
  }

  children(node: Node): Node[] {
    const facts = this.factsOf(node);
    return (facts.children ??= node.children);
  }

  namedChildren(node: Node): Node[] {
    const facts = this.factsOf(node);
    return (facts.namedChildren ??= facts.children ? facts.children.filter((c) => this.isNamed(c)) : node.namedChildren);
  }
}
