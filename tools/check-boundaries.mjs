#!/usr/bin/env node
// Fails when an arrow goes up (DESIGN.md): a package importing one it may not,
// or reaching into another package's src/ instead of its public entry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.env.LUG_BOUNDARY_ROOT ?? join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Who may import whom, by package name. Anything of ours not listed is forbidden. */
export const ALLOWED = {
  '@lug/core': [],
  '@lug/tools': ['@lug/core'],
  '@lug/approvals': ['@lug/core'],
  '@lug/testing': ['@lug/core'],
  '@lug/provider-anthropic': ['@lug/core'],
  '@lug/provider-openai': ['@lug/core'],
  '@lug/lua-bridge': ['@lug/core', '@lug/approvals', '@lug/tools'],
  '@lug/tui': ['@lug/core', '@lug/approvals', '@lug/tools'],
  // The process runner is in @lug/tools: MCP servers are processes lug started, killed with it.
  '@lug/mcp': ['@lug/core', '@lug/tools'],
  '@lug/acp': ['@lug/core', '@lug/approvals'],
  // Checkpoints run git on a shadow repository of their own: the core's types and paths are all they need.
  '@lug/checkpoints': ['@lug/core'],
  lug: ['*'],
};
const PLUGIN_DEPS = ['@lug/tools'];
/** Test files may also use the scripted server and the packages they are tested with. */
const TEST_EXTRA = ['@lug/testing', '@lug/core'];
const FORBIDDEN_IN_CORE = ['react', 'ink', 'fengari'];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function packages() {
  const dirs = [];
  for (const base of ['packages', 'packages/providers', 'plugins']) {
    for (const name of readdirSync(join(root, base))) {
      const dir = join(root, base, name);
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        dirs.push({ dir, name: pkg.name });
      } catch {}
    }
  }
  return dirs;
}

// Import and export statements, dynamic imports and requires; `[^'";]` keeps a match inside one statement.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|(?<!['"`])\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?<!['"`])\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Test files and their helpers may use more (the scripted server, core's locks). */
const TEST_FILE = /(\.test\.tsx?$|[\\/]test-[\w-]+\.tsx?$|[\\/]test-support[\\/])/;
const all = packages();
const ours = new Set(all.map((p) => p.name));
const owner = (file) => all.find((p) => file === p.dir || file.startsWith(p.dir + sep));
const problems = [];
for (const { dir, name } of packages()) {
  const allowed = name.startsWith('@lug/plugin-') ? PLUGIN_DEPS : ALLOWED[name] ?? [];
  // src/, and the CLI's startup/ (its start-up machinery, packages/cli/startup/README.md).
  const files = [];
  for (const sub of ['src', 'startup']) {
    try {
      walk(join(dir, sub), files);
    } catch {
      // no such folder
    }
  }
  for (const file of files) {
    const isTest = TEST_FILE.test(file);
    // Comments may mention require("x") without importing it.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      const where = relative(root, file);
      const target = spec.startsWith('.') ? owner(resolve(dirname(file), spec)) : undefined;
      if ((target && target.dir !== dir) || /^@lug\/[^/]+\/(src|dist)(\/|$)/.test(spec) || /^lug\/(src|dist)(\/|$)/.test(spec)) {
        problems.push(`${where}: imports "${spec}", another package's source; import its public entry by name instead`);
        continue;
      }
      const pkgName = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (name === '@lug/core' && FORBIDDEN_IN_CORE.includes(pkgName)) {
        problems.push(`${where}: @lug/core must not import ${pkgName}`);
      }
      if (!ours.has(pkgName) || pkgName === name) continue;
      if (allowed.includes('*') || allowed.includes(pkgName)) continue;
      if (isTest && TEST_EXTRA.includes(pkgName)) continue;
      problems.push(`${where}: ${name} imports ${pkgName}, an arrow that goes up or sideways (allowed: ${allowed.join(', ') || 'nothing of ours'})`);
    }
  }
}
if (problems.length) {
  console.error(`Module boundaries (DESIGN.md) are broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`module boundaries: ${ours.size} packages checked, every arrow goes down`);
