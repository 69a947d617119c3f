#!/usr/bin/env node
// Writes docs/lua-api.md from the annotations in lua/docs/ (run after `npx tsup`).
// A test (src/docs/docs.test.ts) fails when the page is not what this writes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readDocsDir, renderLuaApiMarkdown } from '../dist/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const page = renderLuaApiMarkdown(readDocsDir(`${root}lua/docs`));
writeFileSync(`${root}docs/lua-api.md`, page);
console.log(`wrote docs/lua-api.md (${page.length} characters)`);
