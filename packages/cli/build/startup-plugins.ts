/**
 * esbuild plugins for the binary's bundle that take work off the path to the
 * first screen (issue 6). Each one checks that the code it changes is still
 * the code it expects and fails the build otherwise, so an upgrade of ink or
 * yoga-layout cannot silently drop the change.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

const FAST_PATH_MODULE = fileURLToPath(new URL('../src/startup/string-width-fast.ts', import.meta.url));

/**
 * Every ESM `import 'string-width'` (ink, wrap-ansi, widest-line,
 * cli-truncate) gets a wrapper that answers strings of one-column characters
 * by their length and loads the real string-width (an `Intl.Segmenter` and
 * `\p{RGI_Emoji}` expressions built when it loads) only when a string needs it.
 * See src/startup/string-width-fast.ts.
 */
export function stringWidthFastPath(): Plugin {
  return {
    name: 'lug-string-width-fast-path',
    setup(build) {
      build.onResolve({ filter: /^string-width$/ }, async (args) => {
        if (args.kind !== 'import-statement' || args.pluginData?.real) return undefined;
        const real = await build.resolve('string-width', { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: { real: true } });
        if (real.errors.length > 0) return { errors: real.errors };
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

/**
 * yoga-layout's Emscripten loader fetches its inlined wasm through `fetch` on a
 * data: URL, which loads Node's undici and decodes the URL in JavaScript
 * (~25 ms at start-up). Handing it the bytes, decoded natively by Buffer, takes
 * its own no-fetch path.
 */
export function yogaWithoutFetch(): Plugin {
  const FETCH_WASM = 'function ya(){return w||"function"!=typeof fetch?';
  const FROM_BYTES = 'function ya(){w||(w=Buffer.from(H.slice(H.indexOf(",")+1),"base64"));return w||"function"!=typeof fetch?';
  return {
    name: 'lug-yoga-without-fetch',
    setup(build) {
      build.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes(FETCH_WASM) || !source.includes('H="data:application/octet-stream;base64,')) {
          return { errors: [{ text: `yoga-layout's wasm loader changed (${args.path}): update yogaWithoutFetch in packages/cli/build/startup-plugins.ts` }] };
        }
        return { contents: source.replace(FETCH_WASM, FROM_BYTES), loader: 'js' };
      });
    },
  };
}

/**
 * execa (127 modules, ~20 ms to evaluate) runs the bash tool's commands; no
 * frame needs it. `@lug/tools` calls only `execa(file, args, options)`, so its
 * import becomes a function that loads execa on the first command.
 */
export function execaOnFirstUse(): Plugin {
  return {
    name: 'lug-execa-on-first-use',
    setup(build) {
      build.onResolve({ filter: /^execa$/ }, async (args) => {
        if (args.kind !== 'import-statement' || args.pluginData?.real) return undefined;
        const real = await build.resolve('execa', { kind: 'import-statement', resolveDir: args.resolveDir, pluginData: { real: true } });
        if (real.errors.length > 0) return { errors: real.errors };
        return { path: real.path, namespace: 'lug-execa' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lug-execa' }, (args) => ({
        contents: [
          `let real;`,
          `export function execa(...args) {`,
          `  real ??= require(${JSON.stringify(args.path)}).execa;`,
          `  return real(...args);`,
          `}`,
        ].join('\n'),
        resolveDir: dirname(args.path),
        loader: 'js',
      }));
    },
  };
}
