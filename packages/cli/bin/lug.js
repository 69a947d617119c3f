#!/usr/bin/env node
// Kept tiny: `lug --version` must cost little more than starting node.
import { main } from '../dist/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`lug: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
