import { beforeAll, describe, expect, it } from 'vitest';
import type { Node, Parser } from 'web-tree-sitter';
import { attacks, UNSPLITTABLE } from './bash-attack-corpus.js';
import { NodeReader } from './bash-node-reader.js';
import { loadBashParser } from './bash-parts.js';

let parser: Parser;
beforeAll(async () => {
  parser = await loadBashParser();
});

/** Every node under `node`, reached the way the walk reaches them (children, then named children). */
function visit(node: Node, each: (node: Node) => void): void {
  each(node);
  for (const child of node.children) visit(child, each);
}

describe('NodeReader', () => {
  it("reads each node's type, end, named children and whether it is named as web-tree-sitter's getters do", () => {
    const lines = [
      'for f in src/*.ts; do wc -l "$f"; done && git status',
      'cat <<EOF > out.txt\nhello $(date)\nEOF\ngit status',
      'if [ -f x ]; then make test; else npm test; fi',
      '(cd src && ls -la) > /dev/null; echo $((1+2)) 2>&1',
      'a=(1 2) b[0]=x c=$(d); case $x in a|b) e;; esac; [[ $a == b* ]]',
      'echo "unterminated',
      ...attacks().map((a) => a.line),
      ...UNSPLITTABLE,
    ];
    let nodes = 0;
    for (const line of lines) {
      const tree = parser.parse(line)!;
      const reader = new NodeReader();
      visit(tree.rootNode, (node) => {
        nodes++;
        // Twice: the second answer comes from what the first read.
        for (let k = 0; k < 2; k++) {
          expect(reader.type(node), line).toBe(node.type);
          expect(reader.end(node), line).toBe(node.endIndex);
          expect(reader.isNamed(node), line).toBe(node.isNamed);
          expect(reader.children(node).map((c) => c.id), line).toEqual(node.children.map((c) => c.id));
          expect(reader.namedChildren(node).map((c) => c.id), line).toEqual(node.namedChildren.map((c) => c.id));
        }
      });
      tree.delete();
    }
    expect(nodes).toBeGreaterThan(1000);
  });

  it('finds that a command name spans the one word it holds, which the walk takes as that word', () => {
    let names = 0;
    for (const line of [...attacks().map((a) => a.line), ...UNSPLITTABLE, 'a=1 "b"c $d e; `f` g; ${h:-i} j; \\k l']) {
      const tree = parser.parse(line)!;
      visit(tree.rootNode, (node) => {
        if (node.type !== 'command_name') return;
        names++;
        expect(node.namedChildren.map((c) => [c.startIndex, c.endIndex]), line).toEqual([[node.startIndex, node.endIndex]]);
      });
      tree.delete();
    }
    expect(names).toBeGreaterThan(1000);
  });
});
