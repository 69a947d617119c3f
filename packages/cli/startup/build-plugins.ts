/**
 * esbuild plugins for the binary's bundle that take work off the path to the
 * first screen (issue 6). Each one checks that the code it changes is still
 * the code it expects and fails the build otherwise, so an upgrade of ink or
 * yoga-layout cannot silently drop the change.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OnResolveArgs, Plugin, PluginBuild, ResolveResult } from 'esbuild';

/**
 * Where `name` really resolves, for a plugin that puts a stand-in in front of
 * it: undefined for the stand-in's own import of the real module (marked
 * `real`) and for anything but an import statement.
 */
async function resolveWrapped(build: PluginBuild, name: string, args: OnResolveArgs): Promise<ResolveResult | undefined> {
  if (args.kind !== 'import-statement' || args.pluginData?.real) return undefined;
  return build.resolve(name, { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: { real: true } });
}

const FAST_PATH_MODULE = fileURLToPath(new URL('./string-width-fast.ts', import.meta.url));

/**
 * Every ESM `import 'string-width'` (ink, wrap-ansi, widest-line,
 * cli-truncate) gets a wrapper that answers strings of one-column characters
 * by their length and loads the real string-width (an `Intl.Segmenter` and
 * `\p{RGI_Emoji}` expressions built when it loads) only when a string needs it.
 * See string-width-fast.ts.
 */
export function stringWidthFastPath(): Plugin {
  return {
    name: 'lug-string-width-fast-path',
    setup(build) {
      build.onResolve({ filter: /^string-width$/ }, async (args) => {
        const real = await resolveWrapped(build, 'string-width', args);
        if (!real || real.errors.length > 0) return real && { errors: real.errors };
        const { version } = JSON.parse(await readFile(`${dirname(real.path)}/package.json`, 'utf8'));
        // Versions 7 and 8 (measured against the fast path in string-width-fast.test.ts).
        if (!/^[78]\./.test(version)) return undefined;
        return { path: real.path, namespace: 'lug-string-width' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lug-string-width' }, (args) => ({
        // `require` of an ES module in the bundle: esbuild evaluates it on the first call, not at start-up.
        contents: [
          `import stripAnsi from 'strip-ansi';`,
          `import { withSingleColumnFastPath } from ${JSON.stringify(FAST_PATH_MODULE)};`,
          `export default withSingleColumnFastPath(() => require(${JSON.stringify(args.path)}).default, stripAnsi);`,
        ].join('\n'),
        resolveDir: dirname(args.path),
        loader: 'ts',
      }));
    },
  };
}

interface FilePatch {
  /** Which file of which package: the build fails, naming both, when `apply` does not recognise it. */
  file: RegExp;
  pkg: string;
  /** The patched source, or undefined when the code is not the code the patch was written for. */
  apply(source: string): string | undefined;
}

/** A plugin that patches files of a dependency, and fails the build when one has changed under it. */
function patchPlugin(fn: string, patches: FilePatch[]): Plugin {
  return {
    name: `lug-${fn}`,
    setup(build) {
      for (const { file, pkg, apply } of patches) {
        build.onLoad({ filter: file }, async (args) => {
          const contents = apply(await readFile(args.path, 'utf8'));
          if (contents === undefined) return { errors: [{ text: `${pkg} changed (${args.path}): update ${fn} in packages/cli/startup/build-plugins.ts` }] };
          return { contents, loader: 'js', resolveDir: dirname(args.path) };
        });
      }
    },
  };
}

/** How many times `pattern` occurs in `source`. */
const count = (source: string, pattern: string | RegExp) => source.split(pattern).length - 1;

/**
 * yoga-layout starts with `await loadYoga()` at its top level, which a
 * CommonJS bundle cannot hold (the bundle is CommonJS to run from a V8 code
 * cache, see start.ts), and its Emscripten loader fetches the
 * inlined wasm through `fetch` on a data: URL, which loads Node's undici and
 * decodes the URL in JavaScript (~25 ms at start-up). Through Emscripten's own
 * `instantiateWasm` hook, the bytes (decoded natively by Buffer) are compiled
 * and instantiated synchronously, so the module is whole when `loadYoga`
 * returns and the top-level await goes.
 */
export function yogaSynchronous(): Plugin {
  const HOOK = /if\(h\.instantiateWasm\)try\{return h\.instantiateWasm\(d,\s*a\)\}/;
  const SYNC_HOOK =
    'h.instantiateWasm||(h.instantiateWasm=function(i,r){var m=new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(H.slice(H.indexOf(",")+1),"base64")),i);r(m);return m.exports});';
  const TOP_LEVEL_AWAIT = 'const Yoga = wrapAssembly(await loadYoga());';
  const SYNCHRONOUS = [
    'const loaded = {};',
    'loadYoga(loaded);',
    "if (!loaded.calledRun) throw new Error('yoga-layout did not start synchronously');",
    'const Yoga = wrapAssembly(loaded);',
  ].join('\n');
  return patchPlugin('yogaSynchronous', [
    {
      file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
      pkg: 'yoga-layout',
      apply: (source) =>
        HOOK.test(source) && source.includes('H="data:application/octet-stream;base64,') ? source.replace(HOOK, (hook) => SYNC_HOOK + hook) : undefined,
    },
    {
      file: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/,
      pkg: 'yoga-layout',
      apply: (source) => (source.includes(TOP_LEVEL_AWAIT) ? source.replace(TOP_LEVEL_AWAIT, SYNCHRONOUS) : undefined),
    },
  ]);
}

/**
 * ink's reconciler awaits at its top level, only when DEV=true: to connect
 * React's devtools and to read its package.json for them. A CommonJS bundle
 * cannot hold a top-level await; the devtools still load with DEV=true, a
 * moment later, and name the renderer "ink".
 */
export function inkWithoutTopLevelAwait(): Plugin {
  const DEVTOOLS = "await import('./devtools.js');";
  const PACKAGE_JSON = '? await loadPackageJson()';
  return patchPlugin('inkWithoutTopLevelAwait', [
    {
      file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
      pkg: "ink's reconciler",
      apply: (source) =>
        source.includes(DEVTOOLS) && source.includes(PACKAGE_JSON)
          ? source
              .replace(DEVTOOLS, "void import('./devtools.js').catch((error) => console.warn(`ink: React devtools did not load: ${String(error.message).split('\\n')[0]}`));")
              .replace(PACKAGE_JSON, "? { name: 'ink', version: undefined }")
          : undefined,
    },
  ]);
}

/**
 * slice-ansi builds an `Intl.Segmenter` when it loads (~10 ms: ICU's break
 * rules), for ink's truncation, which runs only for a line wider than its box.
 * It is built on the first slice instead.
 */
export function sliceAnsiLazySegmenter(): Plugin {
  const EAGER = "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});";
  const LAZY = [
    'let graphemeSegmenter;',
    "const GRAPHEME_SEGMENTER = { segment: (string) => (graphemeSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(string) };",
  ].join('\n');
  return patchPlugin('sliceAnsiLazySegmenter', [
    {
      file: /[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
      pkg: 'slice-ansi',
      // Every use must be a .segment() call, which the lazy object answers.
      apply: (source) =>
        source.includes(EAGER) && count(source, 'GRAPHEME_SEGMENTER') === count(source, 'GRAPHEME_SEGMENTER.segment(') + 1 ? source.replace(EAGER, LAZY) : undefined,
    },
  ]);
}

/**
 * signal-exit 3 (ink's, and restore-cursor's) loads Node's `assert` module at
 * its top level (0.57 ms of the interface's way to its first screen: CPU
 * profiles of 8 starts) for one check, that an exit handler is a function.
 * The check stays, as a plain throw with assert's message.
 */
export function signalExitWithoutAssert(): Plugin {
  const LOAD = "var assert = require('assert')";
  const CHECK = "assert.equal(typeof cb, 'function', 'a callback must be provided for exit handler')";
  const PLAIN = "var assert = { equal: function (actual, expected, message) { if (actual != expected) throw new Error(message) } }";
  return patchPlugin('signalExitWithoutAssert', [
    {
      file: /[\\/]signal-exit[\\/]index\.js$/,
      pkg: 'signal-exit 3',
      // assert must be used for that one check only: its load, and the check (`assert` three times in all).
      apply: (source) => (count(source, LOAD) === 1 && count(source, CHECK) === 1 && count(source, 'assert') === 3 ? source.replace(LOAD, PLAIN) : undefined),
    },
  ]);
}

const GRAPHEME_FAST_MODULE = fileURLToPath(new URL('./grapheme-fast.ts', import.meta.url));

/**
 * @alcalzone/ansi-tokenize, which ink runs each line of a frame through,
 * builds an `Intl.Segmenter` when it loads (~9 ms). Its segmenter becomes the
 * fast path of grapheme-fast.ts, with a real one built on the
 * first string that needs it.
 */
export function ansiTokenizeGraphemeFastPath(): Plugin {
  const EAGER = 'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });';
  const FAST = [
    `import { segmentGraphemes } from ${JSON.stringify(GRAPHEME_FAST_MODULE)};`,
    'let realSegmenter;',
    'const segmenter = { segment: (string) => segmentGraphemes(string, () => (realSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" }))) };',
  ].join('\n');
  return patchPlugin('ansiTokenizeGraphemeFastPath', [
    {
      file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
      pkg: '@alcalzone/ansi-tokenize',
      // Every use must be iterating segmenter.segment(...), which the fast path answers.
      apply: (source) =>
        source.includes(EAGER) && count(source, /\bsegmenter\b/) === count(source, /of segmenter\.segment\(/) + 1 ? source.replace(EAGER, FAST) : undefined,
    },
  ]);
}

const CLI_HIGHLIGHT_LIGHT = fileURLToPath(new URL('./cli-highlight-light.ts', import.meta.url));

/**
 * marked-terminal's `cli-highlight` becomes cli-highlight-light.ts: the same
 * colours, without parse5 and its tree adapter to read highlight.js's HTML
 * (see there). Measured: see startup/README.md.
 */
export function cliHighlightWithoutParse5(): Plugin {
  return {
    name: 'lug-cli-highlight-without-parse5',
    setup(build) {
      build.onResolve({ filter: /^cli-highlight$/ }, () => ({ path: 'cli-highlight', namespace: 'lug-cli-highlight' }));
      build.onLoad({ filter: /.*/, namespace: 'lug-cli-highlight' }, () => ({
        contents: [
          `import hljs from 'highlight.js';`,
          `import { lightCliHighlight } from ${JSON.stringify(CLI_HIGHLIGHT_LIGHT)};`,
          `const cli = lightCliHighlight(hljs);`,
          `export const { highlight, listLanguages, supportsLanguage } = cli;`,
          `export default cli.highlight;`,
          `export * from 'cli-highlight/dist/theme.js';`,
        ].join('\n'),
        resolveDir: dirname(CLI_HIGHLIGHT_LIGHT),
        loader: 'js',
      }));
    },
  };
}

/**
 * node-emoji (emojilib's whole table, ~150 ms to load on a busy machine)
 * serves marked-terminal's `emoji` option, which lug turns off: marked-terminal
 * calls only `emoji.get`, so its import becomes a `get` that loads node-emoji
 * on the first call (never, with the option off). Measured with the
 * highlight.js stand-in: see startup/README.md.
 */
export function emojiOnFirstUse(): Plugin {
  return {
    name: 'lug-emoji-on-first-use',
    setup(build) {
      build.onResolve({ filter: /^node-emoji$/ }, async (args) => {
        const real = await resolveWrapped(build, 'node-emoji', args);
        if (!real || real.errors.length > 0) return real && { errors: real.errors };
        return { path: real.path, namespace: 'lug-node-emoji' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lug-node-emoji' }, (args) => ({
        contents: [`let real;`, `export function get(...args) {`, `  real ??= require(${JSON.stringify(args.path)});`, `  return real.get(...args);`, `}`].join('\n'),
        resolveDir: dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

/**
 * ink draws every line of a frame through @alcalzone/ansi-tokenize's styled
 * characters: `styledCharsFromTokens` gave each character its own copy of
 * the styles in force, and `styledCharsToString` then compared each
 * character's styles with the previous one's by building three Sets and two
 * arrays (`diffAnsiCodes`), for every character of every line. The styles
 * in force are an array that a code replaces (reduceAnsiCodesIncremental
 * returns a new one) and nothing changes afterwards (ink and the package
 * only read `styles`), so the characters of one run share it, and two
 * characters holding the same array, or two empty ones, differ in nothing
 * (`diffAnsiCodes(a, a)` is empty). The first screen without a key (a long
 * notice) spent ~5 ms more than the keyed one in `styledCharsFromTokens`.
 */
export function ansiTokenizeSharedStyles(): Plugin {
  const COPY = 'styles: [...codes],';
  const SHARED = 'styles: codes, // shared by a run of characters: a code replaces the array, nothing changes it';
  const DIFF = 'ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));';
  const SAME = 'const before = chars[i - 1].styles;';
  const DIFF_UNLESS_SAME = `${SAME}\n            if (before !== char.styles && (before.length > 0 || char.styles.length > 0)) ${DIFF.replace('chars[i - 1].styles', 'before')}`;
  return patchPlugin('ansiTokenizeSharedStyles', [
    {
      file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/,
      pkg: '@alcalzone/ansi-tokenize',
      apply: (source) =>
        count(source, COPY) === 1 && count(source, DIFF) === 1 && count(source, 'codes = reduceAnsiCodesIncremental(codes, [token]);') === 1
          ? source.replace(COPY, SHARED).replace(DIFF, DIFF_UNLESS_SAME)
          : undefined,
    },
  ]);
}
