import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliHighlightWithoutParse5 } from './build-plugins.js';
import { highlightLanguagesOnFirstUse, LANGUAGES_DIR, readLanguages } from './highlight-languages.js';

type Highlight = { highlight(code: string, opts?: { language?: string; ignoreIllegals?: boolean }): string; listLanguages(): string[]; supportsLanguage(name: string): boolean };

const require = createRequire(import.meta.url);
let real: Highlight;
let lazy: Highlight;
/** With cli-highlight's colours read without parse5 too (cli-highlight-light.ts), as the vendor bundle is built. */
let light: Highlight;
let lightFile: string;

/** cli-highlight bundled as the marked-terminal vendor bundle is, with and without the stand-in (into `outfile`). */
async function bundle(withPlugin: boolean, outfile = join(mkdtempSync(join(tmpdir(), 'lug-hljs-')), 'out.cjs'), withoutParse5 = false): Promise<Highlight> {
  await build({
    stdin: { contents: "module.exports = require('cli-highlight');", resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'silent',
    plugins: withPlugin ? [highlightLanguagesOnFirstUse(dirname(outfile)), ...(withoutParse5 ? [cliHighlightWithoutParse5()] : [])] : [],
  });
  return require(outfile) as Highlight;
}

beforeAll(async () => {
  process.env.FORCE_COLOR = '1';
  lightFile = join(mkdtempSync(join(tmpdir(), 'lug-hljs-')), 'out.cjs');
  [real, lazy, light] = await Promise.all([bundle(false), bundle(true), bundle(true, lightFile, true)]);
});

const SAMPLES: Array<[string, string | undefined]> = [
  ['const x = 1; // js\nfunction f(a) { return a * 2; }', 'javascript'],
  ['const x = 1; // js', 'js'],
  ['let n: number = 1;\ninterface A { b: string }', 'ts'],
  ['def f(x):\n    return x ** 2  # python', 'python'],
  ['<html><style>a { color: red }</style><script>let a = 1;</script><b>x</b></html>', 'html'],
  ['# Title\n\n```js\nlet a = 1;\n```\n', 'markdown'],
  ['echo "$HOME" | grep -v x && ls -la', 'sh'],
  ['fn main() { let v: Vec<u8> = vec![1]; }', 'rust'],
  ['SELECT a, b FROM t WHERE c = 1;', 'SQL'],
  ['{"a": [1, 2, {"b": null}]}', 'json'],
  ['no such language here', 'no-such-language'],
  ['package main\nimport "fmt"\nfunc main() { fmt.Println("hi") }', undefined],
];

describe('highlight.js languages registered on first use', () => {
  it('highlights every sample exactly as highlight.js with all its languages', () => {
    // In an order unlike highlight.js's, so that registering out of order is tested too.
    for (const [code, language] of [...SAMPLES].reverse()) {
      const opts = language === undefined ? {} : { language, ignoreIllegals: true };
      let expected: string;
      try {
        expected = real.highlight(code, opts);
      } catch (err) {
        expect(() => lazy.highlight(code, opts), `${language}`).toThrow((err as Error).message);
        continue;
      }
      expect(lazy.highlight(code, opts), `${language}`).toBe(expected);
      expect(light.highlight(code, opts), `${language}, without parse5`).toBe(expected);
    }
  });

  it('leaves parse5 out of the bundle whose colours are read without it', () => {
    expect(readFileSync(lightFile, 'utf8')).not.toContain('parse5');
    expect(light.listLanguages()).toEqual(real.listLanguages());
  });

  it('colours the code (the comparison above is of coloured text)', () => {
    expect(lazy.highlight('const x = 1;', { language: 'js' })).toContain('\u001b[');
  });

  it('lists and supports the same languages', () => {
    expect(lazy.listLanguages()).toEqual(real.listLanguages());
    for (const name of ['js', 'TypeScript', 'sh', 'html', 'nope']) expect(lazy.supportsLanguage(name), name).toBe(real.supportsLanguage(name));
  });

  it('keeps the languages in files beside the bundle, each loaded at its first use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lug-hljs-'));
    const outfile = join(dir, 'out.cjs');
    const separate = await bundle(true, outfile);
    const languages = readLanguages(require.resolve('highlight.js'));
    expect(readdirSync(join(dir, LANGUAGES_DIR)).sort()).toEqual(languages.map((l) => `${l.file}.cjs`).sort());
    // No definition is in the bundle itself (Python's names itself so).
    expect(readFileSync(outfile, 'utf8')).not.toContain("name: 'Python'");
    expect(readFileSync(join(dir, LANGUAGES_DIR, 'python.cjs'), 'utf8')).toContain("name: 'Python'");
    const loaded = () => Object.keys(require.cache).filter((file) => file.startsWith(join(dir, LANGUAGES_DIR)));
    expect(loaded()).toEqual([]);
    separate.highlight('def f(): pass', { language: 'python' });
    expect(loaded()).toEqual([join(dir, LANGUAGES_DIR, 'python.cjs')]);
  });

  it('reads highlight.js’s languages, their aliases and what they embed', () => {
    const languages = readLanguages(require.resolve('highlight.js'));
    expect(languages.length).toBeGreaterThan(150);
    expect(languages.find((l) => l.name === 'javascript')?.aliases).toContain('js');
    expect(languages.find((l) => l.name === 'xml')?.embeds).toEqual(expect.arrayContaining(['css', 'javascript']));
  });
});
