#!/usr/bin/env node
// Fails when a source file outside plugins/ names a built-in tool as a tool:
// compares a tool's name against one ("tool === 'bash'"), switches on it,
// looks one up in the registry by name ("tools.get('grep')"), or writes an
// approval rule for one. Lug's packages read what a call's description says
// (its paths, its command line) and what its result's details say, never
// which tool it is, so a third-party or Lua tool gets the same treatment.
//
// Precise on purpose: the same words are everywhere as plain words (an
// `access: 'read'`, a fs mode, a tool kind, `io.read`), so only a built-in's
// name in one of those positions counts. Tests and their helpers are not
// checked; nor are comments.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.LUG_TOOL_NAMES_ROOT ?? join(fileURLToPath(new URL('.', import.meta.url)), '..');

/**
 * The built-in tools: each folder of plugins/ is the plugin of the tool of
 * that name, dashes as underscores (plugins/web-fetch has web_fetch).
 */
export function builtInTools(repo = root) {
  return readdirSync(join(repo, 'plugins'))
    .filter((name) => {
      try {
        return JSON.parse(readFileSync(join(repo, 'plugins', name, 'package.json'), 'utf8')).name === `@lug/plugin-${name}`;
      } catch {
        return false;
      }
    })
    .map((name) => name.replace(/-/g, '_'));
}

/** An expression that holds a tool's name: `tool`, `call.tool`, `e.call.tool`, `toolName`, `tool.name`, `part.name`. */
const TOOL_EXPR = String.raw`(?:[\w$]+\s*\??\.\s*)*(?:tool|toolName|tool_name)\b|\b(?:tool|call|part)\s*\??\.\s*name\b`;

/** Blank out comments, keeping every line where it was (so line numbers stay right). */
function withoutComments(text) {
  const blank = (m) => m.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[\s;{}(),])\/\/.*$/gm, (m, before) => before + blank(m.slice(before.length)));
}

function lineOf(text, index) {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The end of the block that opens at `open` (a `{`), or the end of the text. */
function blockEnd(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/**
 * Every place in a file's text that names a built-in tool as a tool:
 * `{ line, text, why }`, in order.
 */
export function findToolNames(source, tools = ['read', 'write', 'edit', 'grep', 'ls', 'bash']) {
  const text = withoutComments(source);
  const name = `(['"\`])(${tools.map((t) => t.replace(/[-]/g, '\\-')).join('|')})\\1(?![\\w-])`;
  const found = [];
  const add = (index, match, why) => found.push({ index, line: lineOf(text, index), text: match.trim(), why });
  const patterns = [
    [new RegExp(`(?:${TOOL_EXPR})\\s*(?:[!=]==?|~=)\\s*${name}`, 'g'), 'compares a tool name with a built-in tool'],
    [new RegExp(`${name}\\s*(?:[!=]==?|~=)\\s*(?:${TOOL_EXPR})`, 'g'), 'compares a tool name with a built-in tool'],
    [new RegExp(`\\btools\\s*\\??\\.\\s*(?:get|source|has)\\s*\\(\\s*${name}`, 'g'), 'gets a built-in tool from the registry by name'],
    [new RegExp(`\\brule\\s*(?:\\?\\.)?\\s*\\(\\s*${name}`, 'g'), 'writes an approval rule for a built-in tool'],
    [new RegExp(`\\[[^\\[\\]]*${name}[^\\[\\]]*\\]\\s*\\.\\s*includes\\s*\\(\\s*(?:${TOOL_EXPR})`, 'g'), 'looks for a tool name among built-in tools'],
  ];
  for (const [re, why] of patterns) for (const m of text.matchAll(re)) add(m.index, m[0], why);
  for (const m of text.matchAll(new RegExp(`\\bswitch\\s*\\(\\s*(?:${TOOL_EXPR})\\s*\\)\\s*\\{`, 'g'))) {
    const open = m.index + m[0].length - 1;
    const block = text.slice(open, blockEnd(text, open));
    for (const c of block.matchAll(new RegExp(`\\bcase\\s*${name}`, 'g'))) add(open + c.index, c[0], 'switches on a tool name with a case for a built-in tool');
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...rest }) => rest);
}

/** Tests and their helpers may name the tools they test with. */
const TEST_FILE = /(\.test\.[cm]?[jt]sx?$|[\\/]test-[\w-]+\.[cm]?[jt]sx?$|[\\/]test-support[\\/])/;

function walk(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The source folders checked: every package's src/ (plugins/ is where the built-in tools live, and may name them). */
export function sourceFiles(repo = root) {
  const files = [];
  for (const base of ['packages', 'packages/providers']) {
    let names;
    try {
      names = readdirSync(join(repo, base));
    } catch {
      continue;
    }
    for (const name of names) {
      const src = join(repo, base, name, 'src');
      try {
        if (statSync(src).isDirectory()) files.push(...walk(src));
      } catch {}
    }
  }
  return files.filter((f) => !TEST_FILE.test(f));
}

function main() {
  const tools = builtInTools();
  const problems = [];
  const files = sourceFiles();
  for (const file of files) {
    for (const f of findToolNames(readFileSync(file, 'utf8'), tools)) problems.push(`${relative(root, file)}:${f.line}: ${f.why}: ${f.text}`);
  }
  if (problems.length) {
    console.error(
      `Built-in tools named outside plugins/ (read the call's description and the result's details instead):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`tool names: ${files.length} source files checked, none names a built-in tool (${tools.join(', ')})`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
