// The build's start-up plugins (build-plugins.ts), each applied by a
// real esbuild build to the real packages, as tsup applies them to dist/lug.cjs;
// the bundle runs the way start.ts runs it, and its answers are compared with
// the unpatched packages'.
import { runCommonJsBundle } from './code-cache.js';
import { build, type Plugin } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { styledCharsFromTokens as realStyledChars, styledCharsToString as realCharsToString, tokenize as realTokenize } from '@alcalzone/ansi-tokenize';
import realSliceAnsi from 'slice-ansi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansiTokenizeGraphemeFastPath, ansiTokenizeSharedStyles, inkWithoutTopLevelAwait, signalExitWithoutAssert, sliceAnsiLazySegmenter, yogaSynchronous } from './build-plugins.js';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lug-startup-plugins-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(name: string, contents: string, plugins: Plugin[], resolveDir = join(cliDir, '..', 'tui')): Promise<string> {
  const outfile = join(dir, `${name}.cjs`);
  await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile,
    external: ['react-devtools-core'],
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__lugImportMetaUrl', 'process.env.NODE_ENV': '"production"' },
    plugins,
    logLevel: 'silent',
  });
  return outfile;
}

describe('the start-up plugins', () => {
  it('yoga-layout starts synchronously, without a top-level await, and lays out', async () => {
    const file = await bundle(
      'yoga',
      `import Yoga from 'yoga-layout';
       export function layout() {
         const root = Yoga.Node.create();
         root.setWidth(100);
         root.setHeight(40);
         root.setFlexDirection(Yoga.FLEX_DIRECTION_ROW);
         const a = Yoga.Node.create(); a.setFlexGrow(1);
         const b = Yoga.Node.create(); b.setWidth(30);
         root.insertChild(a, 0); root.insertChild(b, 1);
         root.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);
         return [a.getComputedWidth(), b.getComputedLeft(), b.getComputedHeight()];
       }`,
      [yogaSynchronous()],
    );
    const { layout } = runCommonJsBundle<{ layout: () => number[] }>(file);
    expect(layout()).toEqual([70, 70, 40]);
  });

  it('ink bundles as CommonJS (its top-level awaits gone) and renders', async () => {
    const file = await bundle(
      'ink',
      `import React from 'react';
       import { renderToString, Text, Box } from 'ink';
       export const draw = () => renderToString(React.createElement(Box, { borderStyle: 'round', width: 12 }, React.createElement(Text, null, 'hello')));`,
      [yogaSynchronous(), inkWithoutTopLevelAwait()],
    );
    const { draw } = runCommonJsBundle<{ draw: () => string }>(file);
    expect(draw()).toBe(['╭──────────╮', '│hello     │', '╰──────────╯'].join('\n'));
  });

  it('slice-ansi slices as the real one does, its segmenter built on first use', async () => {
    const file = await bundle('slice', `export { default as sliceAnsi } from 'slice-ansi';`, [sliceAnsiLazySegmenter()]);
    const { sliceAnsi } = runCommonJsBundle<{ sliceAnsi: typeof realSliceAnsi }>(file);
    const cases: [string, number, number?][] = [
      ['plain text that is long', 3, 10],
      ['\x1b[31mred\x1b[39m and \x1b[1mbold\x1b[22m', 2, 9],
      ['日本語のテキスト', 2, 6],
      ['👨‍👩‍👧 family 🇫🇷 flag', 0, 4],
      ['e\u0301 combining', 0, 3],
      ['\x1b]8;;https://example.com\x07link\x1b]8;;\x07 after', 1, 6],
    ];
    for (const [text, start, end] of cases) expect(sliceAnsi(text, start, end)).toBe(realSliceAnsi(text, start, end));
  });

  it("signal-exit 3 (ink's) registers and removes exit handlers without Node's assert, and still refuses a handler that is no function", async () => {
    const inkDir = join(cliDir, '..', '..', 'node_modules', 'ink');
    const file = await bundle('signal-exit', `export { default as onExit } from 'signal-exit';`, [signalExitWithoutAssert()], inkDir);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/require\(["']assert["']\)/);
    const { onExit } = runCommonJsBundle<{ onExit: (cb: unknown) => () => void }>(file);
    const emitter = (process as unknown as { __signal_exit_emitter__: { listenerCount(e: string): number } }).__signal_exit_emitter__;
    const before = emitter.listenerCount('exit');
    const remove = onExit(() => undefined);
    expect(emitter.listenerCount('exit')).toBe(before + 1);
    remove();
    expect(emitter.listenerCount('exit')).toBe(before);
    expect(() => onExit('no function')).toThrow('a callback must be provided for exit handler');
  });

  it('ansi-tokenize tokenizes as the real one does, with or without its fast path', async () => {
    const file = await bundle('tokenize', `export { tokenize } from '@alcalzone/ansi-tokenize';`, [ansiTokenizeGraphemeFastPath()]);
    const { tokenize } = runCommonJsBundle<{ tokenize: typeof realTokenize }>(file);
    for (const text of [
      '\x1b[1mlug\x1b[22m · ~/project · ↑ 12 ↓ 3',
      '╭──────╮ │ › hi │',
      '\x1b[38;2;1;2;3mtrue colour\x1b[39m \x1b]8;;https://example.com\x07link\x1b]8;;\x07',
      '日本語 👨‍👩‍👧 🇫🇷 e\u0301 ❤\ufe0f',
    ]) {
      expect(tokenize(text)).toEqual(realTokenize(text));
    }
  });

  it("ansi-tokenize's styled characters draw the same text when a run of characters shares its styles", async () => {
    const file = await bundle('styled', `export { tokenize, styledCharsFromTokens, styledCharsToString } from '@alcalzone/ansi-tokenize';`, [ansiTokenizeSharedStyles()]);
    const patched = runCommonJsBundle<{ tokenize: typeof realTokenize; styledCharsFromTokens: typeof realStyledChars; styledCharsToString: typeof realCharsToString }>(file);
    const draw = (t: { tokenize: typeof realTokenize; styledCharsFromTokens: typeof realStyledChars; styledCharsToString: typeof realCharsToString }, text: string) =>
      t.styledCharsToString(t.styledCharsFromTokens(t.tokenize(text)));
    // Lines as ink writes them, and random runs of the codes the interface uses (bold, dim, colours, resets, links).
    const codes = ['\x1b[1m', '\x1b[22m', '\x1b[2m', '\x1b[31m', '\x1b[39m', '\x1b[38;2;1;2;3m', '\x1b[4m', '\x1b[24m', '\x1b[0m', '\x1b[7m', '\x1b[27m', '\x1b]8;;https://x.org\x07', '\x1b]8;;\x07'];
    const texts = ['\x1b[1mlug\x1b[22m · ~/project', '\x1b[31mred \x1b[1mand bold\x1b[39m still bold\x1b[22m', '', 'plain'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    for (let i = 0; i < 500; i++) texts.push(Array.from({ length: 1 + random(12) }, () => (random(3) ? 'ab c日'.slice(0, 1 + random(5)) : codes[random(codes.length)])).join(''));
    for (const text of texts) expect(JSON.stringify(draw(patched, text))).toBe(JSON.stringify(draw({ tokenize: realTokenize, styledCharsFromTokens: realStyledChars, styledCharsToString: realCharsToString }, text)));
    // A run of characters shares one array of styles.
    const chars = patched.styledCharsFromTokens(patched.tokenize('\x1b[1mab\x1b[22mcd'));
    expect(chars[0]!.styles).toBe(chars[1]!.styles);
    expect(chars[2]!.styles).toBe(chars[3]!.styles);
  });

  it('fails the build, naming the plugin to update, when the code it patches changed', async () => {
    const fake = join(dir, 'node_modules', 'slice-ansi');
    mkdirSync(fake, { recursive: true });
    writeFileSync(join(fake, 'package.json'), JSON.stringify({ name: 'slice-ansi', type: 'module', main: 'index.js' }));
    writeFileSync(join(fake, 'index.js'), `export { default } from './tokenize-ansi.js';`);
    writeFileSync(join(fake, 'tokenize-ansi.js'), `const s = new Intl.Segmenter(); export default (x) => [...s.segment(x)];`);
    await expect(bundle('changed', `import t from 'slice-ansi'; export { t };`, [sliceAnsiLazySegmenter()], dir)).rejects.toThrow(
      /slice-ansi changed .*update sliceAnsiLazySegmenter in packages\/cli\/startup\/build-plugins\.ts/,
    );
  });
});
