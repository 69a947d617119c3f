import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: build scripts, plain JavaScript without types
import { bundlesIn } from '../scripts/ascii-bundles.mjs';
// @ts-expect-error: a build script, plain JavaScript without types
import { interopOnce } from '../scripts/interop-once.mjs';

const once = interopOnce as (text: string, name?: string) => string;

/**
 * What esbuild makes of the ES module `source` importing the CommonJS module 'm' (external), as a CommonJS bundle,
 * built as the binary's are (node mode: an .mjs, as lug's packages are ES modules; no `import()` left).
 */
function bundled(source: string): string {
  const out = buildSync({
    stdin: { contents: source, loader: 'js', sourcefile: 'in.mjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    external: ['m'],
    write: false,
    supported: { 'dynamic-import': false },
  });
  return out.outputFiles[0]!.text;
}

/** Run a bundle with `m` as its module 'm'; its exports. */
function run(text: string, m: unknown): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(`(function (exports, require, module) {${text}\n})`)(module.exports, (id: string) => (id === 'm' ? m : undefined), module);
  return module.exports;
}

describe('scripts/interop-once.mjs', () => {
  it("leaves no bundle of the build with esbuild's own wrapper", () => {
    const bundles = (bundlesIn as (dist: string) => string[])(new URL('../dist', import.meta.url).pathname);
    const wrapping = bundles.filter((file) => readFileSync(file, 'latin1').includes('__toESM('));
    expect(wrapping.length).toBeGreaterThan(3);
    for (const file of wrapping) expect({ file, once: readFileSync(file, 'latin1').includes('var __toESMOnce = ') }).toEqual({ file, once: true });
  });

  it('wraps a module once, with its values as they are and `default` the module itself', () => {
    const text = once(bundled(`import * as one from 'm'; import * as two from 'm'; import d from 'm'; export { one, two, d };`));
    expect(text).toContain('__toESMOnce');
    const m = { x: 1, y: 'why' };
    const { one, two, d } = run(text, m) as { one: Record<string, unknown>; two: Record<string, unknown>; d: unknown };
    expect(one).toBe(two);
    expect(d).toBe(m);
    expect([one.x, one.y, one.default]).toEqual([1, 'why', m]);
    m.x = 2;
    expect(one.x).toBe(2);
  });

  it('wraps again a module that has gained properties since (one required in a cycle, while being defined)', async () => {
    // The import() is a second require of 'm', later: its wrapper has what 'm' has by then.
    const text = once(bundled(`import * as early from 'm'; export { early }; export const later = () => import('m');`));
    const m: Record<string, unknown> = { a: 1 };
    const { early, later } = run(text, m) as { early: Record<string, unknown>; later: () => Promise<Record<string, unknown>> };
    expect(Object.keys(early).sort()).toEqual(['a', 'default']);
    expect(await later()).toBe(early);
    m.b = 2;
    const after = await later();
    expect(Object.keys(after).sort()).toEqual(['a', 'b', 'default']);
    expect(after.b).toBe(2);
    expect(await later()).toBe(after);
  });

  it('changes nothing in a bundle without the wrapper, and refuses a wrapper it does not know', () => {
    const plain = bundled('export const a = 1;');
    expect(once(plain)).toBe(plain);
    expect(() => once('var __toESM = (mod) => mod;\n', 'dist/x.cjs')).toThrow(/dist\/x\.cjs: esbuild's __toESM is not the one/);
    const done = once(bundled(`import d from 'm'; export { d };`));
    expect(once(done)).toBe(done);
  });
});
