import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (rel: string) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');

describe('test support copied into the tool plugins', () => {
  it('keeps every copy of the ignore tree equal to this one', () => {
    const original = read('./ignore-tree.ts');
    for (const plugin of ['grep', 'ls']) {
      expect(read(`../../../../plugins/${plugin}/src/test-support/ignore-tree.ts`), plugin).toBe(original);
    }
  });

  it('keeps the plugins’ tool kits equal to each other', () => {
    const grep = read('../../../../plugins/grep/src/test-support/tool-kit.ts');
    for (const plugin of ['ls', 'bash']) {
      expect(read(`../../../../plugins/${plugin}/src/test-support/tool-kit.ts`), plugin).toBe(grep);
    }
  });
});
