// The bridge's modules import each other along one direction: no file reaches
// itself through its imports (type-only imports included).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Each file's relative imports (`from '…'`, `import('…')`, `export … from '…'`), as files. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
      path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')),
    );
    graph.set(file, targets.filter((t) => files.includes(t)));
  }
  return graph;
}

/** Every circle found by a depth-first walk, as "a.ts → b.ts → a.ts". */
function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(src, f)).join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the module graph of the bridge', () => {
  it('has no import circle', () => {
    expect(circles(importGraph(sourceFiles(src)))).toEqual([]);
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const a = path.join(src, 'a.ts');
    const b = path.join(src, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual(['a.ts → b.ts → a.ts']);
  });

  it('keeps values apart from the state and the state apart from the coroutine driver', () => {
    const graph = importGraph(sourceFiles(src));
    const deps = (name: string) => (graph.get(path.join(src, name)) ?? []).map((f) => path.relative(src, f));
    expect(deps('lua-values.ts')).not.toContain('lua-state.ts');
    expect(deps('lua-values.ts')).not.toContain('lua-vm.ts');
    expect(deps('lua-state.ts')).not.toContain('lua-vm.ts');
  });
});
