#!/usr/bin/env node
// Kept tiny: `lug --version` must cost little more than starting node, so it
// reads the version here and loads nothing of lug.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  (globalThis.__stamps ??= {}).binStart = performance.now(); const { main } = await import('../dist/main.js'); globalThis.__stamps.mainImported = performance.now();
  main(args).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`lug: ${err?.stack ?? err}\n`);
      process.exitCode = 1;
    },
  );
}
