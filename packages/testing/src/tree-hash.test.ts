import { chmodSync, rmSync, symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempProject } from './temp-project.js';
import { hashTree } from './tree-hash.js';

describe('hashTree', () => {
  it('is the same for an untouched tree, and changes with a content, a name, a mode or a link target', () => {
    const p = tempProject({ 'a.txt': 'one', 'sub/b.txt': 'two' });
    symlinkSync('a.txt', p.path('link'));
    const first = hashTree(p.dir);
    expect(hashTree(p.dir)).toBe(first);
    const changes: Array<() => void> = [
      () => p.write('sub/b.txt', 'three'),
      () => p.write('sub/c.txt', ''),
      () => chmodSync(p.path('a.txt'), 0o700),
      () => {
        rmSync(p.path('link'));
        symlinkSync('sub/b.txt', p.path('link'));
      },
    ];
    const seen = new Set([first]);
    for (const change of changes) {
      change();
      seen.add(hashTree(p.dir));
    }
    expect(seen.size).toBe(changes.length + 1);
    p.remove();
  });
});
