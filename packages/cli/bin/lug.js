#!/usr/bin/env node
// Kept tiny: `lug --version` must cost little more than starting node, so it
// reads the version here and loads nothing of lug.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  // dist/start.js runs the bundle from a V8 code cache (src/startup/start.ts).
  const { start } = await import('../dist/start.js');
  start(args).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`lug: ${err?.stack ?? err}\n`);
      process.exitCode = 1;
    },
  );
}
