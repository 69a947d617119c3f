import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { execaOnFirstUse, stringWidthFastPath, yogaWithoutFetch } from './build/startup-plugins.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * The binary is bundled (STACK.md: ink + react start in 0.44 s bundled against
 * 0.86 s unbundled; execa alone imports in ~25 ms bundled against ~90 ms).
 * Kept external: packages that find files beside their own module (the Lua
 * runtime and its fengari cache, the bash grammar's .wasm, the ripgrep binary)
 * and optional devtools that ink never loads.
 */
const EXTERNAL = [
  // One instance of the core, shared with the packages below that import it themselves.
  '@lug/core',
  '@lug/lua-bridge',
  '@lug/approvals',
  'web-tree-sitter',
  'tree-sitter-bash',
  '@vscode/ripgrep',
  'fengari',
  'react-devtools-core',
];

export default defineConfig([
  {
    entry: { main: 'src/main.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    target: 'node20',
    platform: 'node',
    removeNodeProtocol: false,
    splitting: true,
    noExternal: [new RegExp(`^(?!(${EXTERNAL.map((e) => e.replace(/[/.]/g, '\\$&')).join('|')})(/|$))`)],
    external: EXTERNAL,
    // Less work before the first screen (issue 6): see build/startup-plugins.ts.
    esbuildPlugins: [stringWidthFastPath(), yogaWithoutFetch(), execaOnFirstUse()],
    // React's development build keeps a PerformanceMeasure per render (memory grows each turn).
    define: { __LUG_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"' },
    // CommonJS dependencies inside an ESM bundle still call require().
    banner: { js: "import { createRequire as __lugCreateRequire } from 'node:module'; const require = __lugCreateRequire(import.meta.url);" },
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
