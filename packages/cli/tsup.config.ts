import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';
import {
  ansiTokenizeGraphemeFastPath,
  ansiTokenizeSharedStyles,
  cliHighlightWithoutParse5,
  emojiOnFirstUse,
  inkWithoutTopLevelAwait,
  signalExitWithoutAssert,
  sliceAnsiLazySegmenter,
  stringWidthFastPath,
  yogaSynchronous,
} from './startup/build-plugins.js';
import { highlightLanguagesOnFirstUse } from './startup/highlight-languages.js';
import { interventionsOff } from './startup/interventions.js';
import { SHARED_BUNDLES } from './startup/shared-bundles.js';
import { SDK_VENDOR_IDS, VENDOR_BUNDLES as ALL_VENDOR_BUNDLES } from './startup/vendor-bundles.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * The binary is bundled (STACK.md: ink + react start in 0.44 s bundled against
 * 0.86 s unbundled; execa alone imports in ~25 ms bundled against ~90 ms), as
 * CommonJS, so that it runs from a V8 code cache (startup/start.ts).
 * Kept external: the ES module packages shared with plugins (one instance of
 * each, handed to the bundle by start.ts), packages that find files beside
 * their own module (the Lua runtime, the bash grammar's .wasm, the ripgrep
 * binary), optional devtools that ink never loads, and the vendor bundles.
 */
const EXTERNAL = [
  '@lug/core',
  '@lug/lua-bridge',
  '@lug/approvals',
  '@lug/tools',
  'web-tree-sitter',
  'tree-sitter-bash',
  '@vscode/ripgrep',
  'fengari',
  'react-devtools-core',
];

/**
 * The MCP client (@lug/mcp: the SDK, Ajv) loads only when a server is
 * configured, so it stays out of the bundle every start compiles; its
 * configuration half (@lug/mcp/config, read on every start) is bundled:
 * required from outside it cost 26-54 ms (measured in an ES module process,
 * loaded machine), bundled nothing measurable.
 */
const mcpClientOutside = {
  name: 'mcp-client-outside',
  setup(build: { onResolve(o: { filter: RegExp }, f: (a: { path: string }) => { path: string; external: boolean }): void }) {
    build.onResolve({ filter: /^@lug\/mcp$/ }, (args) => ({ path: args.path, external: true }));
  },
};

const escape = (id: string) => id.replace(/[/.]/g, '\\$&');
const bundleAllBut = (external: string[]) => [new RegExp(`^(?!(${external.map(escape).join('|')})(/|$))`)];

/** What every CommonJS file of dist/ is built with (the bundles start.ts runs, and start.cjs itself). */
const COMMON_JS = {
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  dts: false,
  clean: false,
  target: 'node20',
  platform: 'node',
  removeNodeProtocol: false,
} satisfies Partial<Options>;

/** A CommonJS bundle for start.ts to run: no `import()` left (it would need a flag inside vm.Script), `import.meta.url` from the loader. */
function commonJsBundle(entry: Record<string, string>, external: string[], extra: Partial<Options> = {}): Options {
  return {
    ...COMMON_JS,
    entry,
    splitting: false,
    noExternal: bundleAllBut(external),
    external,
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
    ...extra,
    // React's development build keeps a PerformanceMeasure per render (memory grows each turn).
    define: { __LUG_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"', 'import.meta.url': '__lugImportMetaUrl', ...extra.define },
  };
}

/** Interventions left out, for measuring only (startup/interventions.ts, startup/measure.mjs). */
const OFF = interventionsOff(process.env.LUG_STARTUP_OFF);
const VENDOR_BUNDLES = OFF.has('vendorBundles') ? {} : ALL_VENDOR_BUNDLES;
const vendorIds = Object.keys(VENDOR_BUNDLES);
const startupPlugins = {
  stringWidthFastPath: stringWidthFastPath(),
  yogaSynchronous: yogaSynchronous(),
  inkWithoutTopLevelAwait: inkWithoutTopLevelAwait(),
  sliceAnsiLazySegmenter: sliceAnsiLazySegmenter(),
  ansiTokenizeGraphemeFastPath: ansiTokenizeGraphemeFastPath(),
  ansiTokenizeSharedStyles: ansiTokenizeSharedStyles(),
  signalExitWithoutAssert: signalExitWithoutAssert(),
};

export default defineConfig([
  commonJsBundle({ lug: 'src/main.ts' }, [...EXTERNAL, ...vendorIds], {
    // Less work before the first screen (issue 6): see startup/build-plugins.ts and startup/README.md.
    esbuildPlugins: [
      mcpClientOutside,
      ...Object.entries(startupPlugins)
        .filter(([name]) => !OFF.has(name as never))
        .map(([, plugin]) => plugin),
    ],
  }),
  // One bundle per vendor package; another vendor it imports (marked, for marked-terminal) is shared through start.ts.
  ...Object.entries(VENDOR_BUNDLES).map(([id, path]) => {
    const name = path.replace(/^\.\/vendor\/|\.cjs$/g, '');
    // marked-terminal's highlighter: highlight.js's languages on first use (startup/highlight-languages.ts), and
    // cli-highlight's colours without parse5 (startup/cli-highlight-light.ts).
    const plugins =
      id !== 'marked-terminal'
        ? []
        : [
            ...(OFF.has('highlightLanguagesOnFirstUse') ? [] : [highlightLanguagesOnFirstUse(fileURLToPath(new URL('./dist/vendor', import.meta.url))), emojiOnFirstUse()]),
            ...(OFF.has('cliHighlightWithoutParse5') ? [] : [cliHighlightWithoutParse5()]),
          ];
    // The SDKs' `Headers` and `fetch` without undici (startup/light-fetch.ts).
    const sdkGlobals = SDK_VENDOR_IDS.has(id) && !OFF.has('lightFetch');
    const inject = sdkGlobals ? ['startup/sdk-globals.ts'] : [];
    const define = sdkGlobals ? { 'globalThis.ReadableStream': 'SdkReadableStream' } : {};
    return commonJsBundle({ [`vendor/${name}`]: `startup/vendor/${name}.ts` }, [...EXTERNAL, ...vendorIds.filter((other) => other !== id)], { esbuildPlugins: plugins, inject, define });
  }),
  // A CommonJS copy of each shared package, the others kept outside (start.ts hands them in).
  ...Object.entries(OFF.has('sharedBundles') ? {} : SHARED_BUNDLES).map(([id, path]) => {
    const name = path.replace(/^\.\/shared\/|\.cjs$/g, '');
    return commonJsBundle({ [`shared/${name}`]: `startup/shared/${name}.ts` }, [...EXTERNAL.filter((other) => other !== id), ...vendorIds]);
  }),
  // CommonJS, loaded by Node's own require (not vm.Script, so its `import()` of a JavaScript plugin works): see start.ts.
  {
    ...COMMON_JS,
    entry: { start: 'startup/start.ts' },
    noExternal: ['@lug/core/state-paths'],
    define: {
      __LUG_CODE_CACHE__: String(!OFF.has('codeCache')),
      __LUG_FENGARI_CODE_CACHE__: String(!OFF.has('codeCache') && !OFF.has('fengariCodeCache')),
      __LUG_SHARED_BUNDLES__: String(!OFF.has('sharedBundles')),
    },
  },
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    clean: false,
    target: 'node20',
    removeNodeProtocol: false,
    define: { __LUG_VERSION__: JSON.stringify(version) },
  },
]);
