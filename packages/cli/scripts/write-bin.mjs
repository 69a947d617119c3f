// Writes the two static answers into bin/lug.js (the version from package.json,
// the help from the built src/args.ts), so that `lug --version` and `lug --help`
// read no file and import nothing: a CommonJS script node runs and exits.
// It changes the file only when an answer changed; startup/bin.test.ts holds the
// answers equal to VERSION and HELP, so a stale bin fails the tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { HELP, VERSION } from '../dist/index.js';

const bin = new URL('../bin/lug.js', import.meta.url);
const before = readFileSync(bin, 'utf8');
const after = before
  .replace(/^const VERSION = .*;$/m, () => `const VERSION = ${JSON.stringify(VERSION)};`)
  .replace(/^const HELP = .*;$/m, () => `const HELP = ${JSON.stringify(HELP)};`);
if (!/^const VERSION = /m.test(before) || !/^const HELP = /m.test(before)) throw new Error('bin/lug.js: the lines `const VERSION = …;` and `const HELP = …;` are missing');
if (after === before) process.exit(0);
writeFileSync(bin, after);
console.log('bin/lug.js: the static answers rewritten');
