// The reference for the interface benchmark: a one-line ink app (ink + React
// rendering <Text>ready</Text>, echoing what is typed after it so key-to-echo
// has a reference too), bundled once with esbuild the way the CLI is bundled
// (ESM, Node 20, NODE_ENV production), into a temp dir.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tuiDir = fileURLToPath(new URL('..', import.meta.url));

const SOURCE = `
import React, { useState } from 'react';
import { render, Text, useInput } from 'ink';
function App() {
  const [typed, setTyped] = useState('');
  useInput((input) => setTyped((t) => t + input));
  return React.createElement(Text, null, typed ? 'ready ' + typed : 'ready');
}
render(React.createElement(App));
`;

/** Bundle the reference app into `dir`; returns the path of the bundle. */
export async function bundleReferenceApp(dir) {
  const esbuild = await import('esbuild');
  // Split like the CLI's bundle, so ink's devtools (which import the optional
  // react-devtools-core) stay in a chunk that is never loaded.
  await esbuild.build({
    stdin: { contents: SOURCE, resolveDir: tuiDir, loader: 'js', sourcefile: 'reference-app.js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    splitting: true,
    outdir: dir,
    entryNames: 'reference-app',
    outExtension: { '.js': '.mjs' },
    external: ['react-devtools-core'],
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  return join(dir, 'reference-app.mjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? '.';
  writeFileSync(join(dir, '.keep'), '');
  console.log(await bundleReferenceApp(dir));
}
