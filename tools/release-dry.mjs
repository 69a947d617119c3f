#!/usr/bin/env node
// `npm run release:dry`: everything short of `npm publish`. For each package
// under packages/ and plugins/: its package.json is fit to publish, its README
// has an example, it declares exactly the dependencies its build uses, and
// `npm pack --dry-run` ships what its exports point to. Then every package is
// packed for real and the tarballs are installed together into an empty
// project, where each must import (and its types resolve) on its own, and
// each binary must answer a prompt from a scripted server.
// Exit status 1 on any failure. Flags: --keep (keep the temporary project),
// --no-install (stop after the checks and the dry run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FLAGS = new Set(process.argv.slice(2));
const REQUIRED_FIELDS = ['name', 'version', 'description', 'license', 'repository', 'keywords', 'engines', 'exports', 'files'];
/** Only what draws may pull in React and ink, only what runs Lua may pull in fengari. */
const HEAVY = { react: ['@lug/tui'], ink: ['@lug/tui'], fengari: ['@lug/lua-bridge'] };
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Per package: { dir, pkg, problems: string[], notes: string[] }. */
function findPackages() {
  const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const dirs = [];
  for (const pattern of rootPkg.workspaces) {
    const base = pattern.replace(/\/\*$/, '');
    for (const name of readdirSync(join(ROOT, base)).sort()) {
      const dir = join(ROOT, base, name);
      if (existsSync(join(dir, 'package.json'))) dirs.push(dir);
    }
  }
  return dirs.map((dir) => ({ dir, rel: relative(ROOT, dir), pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')), problems: [], notes: [] }));
}

function checkMetadata(p, versions) {
  const { pkg, problems } = p;
  for (const field of REQUIRED_FIELDS) if (pkg[field] === undefined || pkg[field] === '') problems.push(`package.json has no "${field}"`);
  if (pkg.private) problems.push('package.json says "private": true, so it cannot be published');
  if (pkg.version && !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(pkg.version)) problems.push(`version "${pkg.version}" is not semver`);
  if (pkg.type !== 'module') problems.push('package.json needs "type": "module" (every lug package is ESM)');
  if (!Array.isArray(pkg.keywords) || pkg.keywords.length === 0) problems.push('"keywords" must be a non-empty list');
  const repo = pkg.repository;
  if (repo && (typeof repo !== 'object' || !repo.url || !repo.directory)) problems.push('"repository" needs { type, url, directory } (directory: where the package lives in the monorepo)');
  if (pkg.engines && !pkg.engines.node) problems.push('"engines" needs "node"');
  if (pkg.files && !(Array.isArray(pkg.files) && pkg.files.includes('dist'))) problems.push('"files" must list "dist"');
  const dot = pkg.exports?.['.'] ?? pkg.exports;
  if (pkg.exports && (typeof dot !== 'object' || !dot.types || !(dot.import || dot.default))) {
    problems.push('"exports" needs "." with "types" and "import" (or "default")');
  }
  for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.peerDependencies })) {
    const ours = versions.get(name);
    if (ours && !satisfiesExactOrCaret(ours, range)) problems.push(`depends on ${name}@${range}, but the workspace has ${ours}: the tarballs would not install together`);
  }
  for (const [dep, allowed] of Object.entries(HEAVY)) {
    if (pkg.dependencies?.[dep] && !allowed.includes(pkg.name)) problems.push(`depends on ${dep}, which only ${allowed.join(', ')} may pull in`);
  }
}

function satisfiesExactOrCaret(version, range) {
  if (range === version || range === '*' || range === `^${version}` || range === `~${version}`) return true;
  const m = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  const v = version.split('.').map(Number);
  if (!m) return false;
  const [maj, min, pat] = m.slice(1).map(Number);
  if (v[0] !== maj) return false;
  if (maj === 0 && v[1] !== min) return false;
  return v[1] > min || (v[1] === min && v[2] >= pat);
}

function checkReadme(p) {
  const file = join(p.dir, 'README.md');
  if (!existsSync(file)) return p.problems.push('has no README.md');
  const text = readFileSync(file, 'utf8');
  const blocks = [...text.matchAll(/^```(\w+)/gm)].map((m) => m[1]);
  if (!blocks.some((lang) => ['ts', 'typescript', 'js', 'javascript', 'lua', 'tsx'].includes(lang))) {
    p.problems.push('README.md has no example (a ```ts, ```js or ```lua block)');
  }
}

function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) listFiles(path, out);
    else out.push(path);
  }
  return out;
}

const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/;

function packageOf(spec) {
  if (BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0]) || !PACKAGE_NAME.test(spec)) return undefined;
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
}

function matches(code, re) {
  return [...code.matchAll(re)].map((m) => packageOf(m[1])).filter(Boolean);
}

/**
 * What the build loads: `imported` by import statements and import() (an
 * install must provide them), `required` by require() (bundled CommonJS, often
 * guarded: only noted), `typed` by the .d.ts files, and all the text, to find
 * a dependency read as a file (a .wasm, a binary), named in a string.
 */
function importsOf(dir) {
  const imported = new Set();
  const required = new Set();
  const typed = new Set();
  let text = '';
  for (const file of listFiles(join(dir, 'dist'))) {
    const code = readFileSync(file, 'utf8');
    if (/\.d\.(m|c)?ts$/.test(file)) {
      for (const name of matches(code, /^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm)) typed.add(name);
      for (const name of matches(code, /\bimport\(\s*["']([^"']+)["']\s*\)/g)) typed.add(name);
      continue;
    }
    if (!/\.(m?js|cjs)$/.test(file)) continue;
    text += code;
    for (const name of matches(code, /^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm)) imported.add(name);
    for (const name of matches(code, /^\s*import\s*["']([^"']+)["']/gm)) imported.add(name);
    for (const name of matches(code, /\bimport\(\s*["']([^"']+)["']\s*\)/g)) imported.add(name);
    for (const name of matches(code, /\brequire\(\s*["']([^"']+)["']\s*\)/g)) required.add(name);
  }
  return { imported, required, typed, text };
}

function checkDependencies(p) {
  if (!existsSync(join(p.dir, 'dist'))) return p.problems.push('is not built (no dist/): run the build first (npm run build)');
  const { imported, required, typed, text } = importsOf(p.dir);
  const declared = new Set([...Object.keys(p.pkg.dependencies ?? {}), ...Object.keys(p.pkg.peerDependencies ?? {}), ...Object.keys(p.pkg.optionalDependencies ?? {})]);
  const self = (name) => name === p.pkg.name;
  for (const name of imported) if (!declared.has(name) && !self(name)) p.problems.push(`dist imports ${name}, which is not in "dependencies": an install may not provide it`);
  const requiredOnly = [...required].filter((name) => !declared.has(name) && !imported.has(name) && !self(name));
  if (requiredOnly.length) p.notes.push(`dist require()s ${requiredOnly.join(', ')} without declaring them (bundled CommonJS; fine only if each is optional)`);
  // npm hoists a dependency's dependency, so this works there (the packed install's type check proves it), but not under pnpm's strict layout.
  const typedOnly = [...typed].filter((name) => !declared.has(name) && !self(name));
  if (typedOnly.length) p.notes.push(`its .d.ts imports ${typedOnly.join(', ')} without declaring it (resolves through a dependency with npm, not with pnpm); export types from a declared package`);
  for (const name of Object.keys(p.pkg.dependencies ?? {})) {
    const used = imported.has(name) || required.has(name) || typed.has(name) || text.includes(`${name}/`) || text.includes(`'${name}'`) || text.includes(`"${name}"`);
    if (!used) p.problems.push(`declares ${name} in "dependencies" but dist never uses it: remove it, or move it to devDependencies`);
  }
}

/** Run npm without the npm_* variables of the enclosing `npm run` (workspace flags would leak in). */
function npm(args, cwd) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync('npm', args, { cwd, env: { ...env, npm_config_update_notifier: 'false' }, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { ok: r.status === 0, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function parsePackJson(stdout) {
  const start = stdout.search(/^\[/m);
  return start < 0 ? [] : JSON.parse(stdout.slice(start));
}

/** What the exports, main, types and bin point to must be in the tarball; tests and sources must not. */
function checkPackedFiles(p, packed) {
  const files = new Set(packed.files.map((f) => f.path));
  const targets = new Set();
  const collect = (v) => (typeof v === 'string' ? targets.add(v.replace(/^\.\//, '')) : v && typeof v === 'object' && Object.values(v).forEach(collect));
  collect(p.pkg.exports);
  collect(p.pkg.main);
  collect(p.pkg.types);
  collect(p.pkg.bin);
  for (const target of targets) if (!files.has(target)) p.problems.push(`the tarball lacks ${target}, which package.json points to`);
  if (!files.has('README.md')) p.problems.push('the tarball has no README.md');
  const stray = [...files].filter((f) => /\.test\.|(^|\/)src\/|\.tsbuildinfo$/.test(f));
  if (stray.length) p.problems.push(`the tarball ships tests or sources: ${stray.slice(0, 3).join(', ')}${stray.length > 3 ? ', …' : ''}`);
  const unreached = unreachedScripts(p.dir, targets, files);
  if (unreached.length) {
    p.problems.push(`the tarball ships ${unreached.length} script(s) nothing loads, left from an earlier build: ${unreached.slice(0, 3).join(', ')}${unreached.length > 3 ? ', …' : ''} (clean dist/ before building)`);
  }
  p.size = packed.size;
  p.fileCount = packed.files.length;
}

/** The packed scripts that no entry reaches through relative imports (stale chunks of an earlier build). */
function unreachedScripts(dir, entries, files) {
  const reached = new Set();
  const queue = [...entries].filter((f) => /\.(m?js|cjs)$/.test(f));
  while (queue.length) {
    const file = queue.pop();
    if (reached.has(file) || !existsSync(join(dir, file)) || !statSync(join(dir, file)).isFile()) continue;
    reached.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    // Imports, requires, URLs, and a script's relative path in a string (a file that loads bundles by name).
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|new URL\(\s*)["'](\.{1,2}\/[^"']+)["']|["'](\.{1,2}\/[^"']+\.(?:m?js|cjs))["']/g)) {
      queue.push(relative(dir, join(dir, file, '..', m[1] ?? m[2])));
    }
  }
  return [...files].filter((f) => /\.(m?js|cjs)$/.test(f) && f.startsWith('dist/') && !reached.has(f));
}

function dryRun(list) {
  const r = npm(['pack', '--dry-run', '--json', ...list.map((p) => `./${p.rel}`)], ROOT);
  if (!r.ok) {
    for (const p of list) p.problems.push(`npm pack --dry-run failed: ${r.stderr.trim().split('\n').slice(-3).join(' ')}`);
    return;
  }
  const byName = new Map(parsePackJson(r.stdout).map((x) => [x.name, x]));
  for (const p of list) {
    const packed = byName.get(p.pkg.name);
    if (packed) checkPackedFiles(p, packed);
    else p.problems.push('npm pack --dry-run did not list it');
  }
}

/** Pack every package for real, install all the tarballs in an empty project, import each there. */
function installAndImport(list) {
  const work = mkdtempSync(join(tmpdir(), 'lug-release-dry-'));
  const tarballs = join(work, 'tarballs');
  const project = join(work, 'project');
  for (const dir of [tarballs, project]) spawnSync('mkdir', ['-p', dir]);
  const packed = npm(['pack', '--json', '--pack-destination', tarballs, ...list.map((p) => `./${p.rel}`)], ROOT);
  if (!packed.ok) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const files = parsePackJson(packed.stdout).map((x) => join(tarballs, x.filename));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'lug-release-dry', private: true, type: 'module' }, null, 2));
  const started = Date.now();
  const installed = npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', ...files], project);
  const installSecs = ((Date.now() - started) / 1000).toFixed(1);
  if (!installed.ok) {
    for (const p of list) p.problems.push(`the tarballs do not install together: ${installed.stderr.trim().split('\n').slice(-4).join(' ')}`);
    return { work, installSecs };
  }
  for (const p of list) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(p.pkg.name)}); if (!Object.keys(m).length) throw new Error('it exports nothing');`], {
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.status !== 0) p.problems.push(`does not import from the installed tarball: ${(r.stderr || 'exit ' + r.status).trim().split('\n').slice(0, 4).join(' ')}`);
    for (const [bin] of Object.entries(typeof p.pkg.bin === 'object' ? p.pkg.bin : {})) {
      const binPath = join(project, 'node_modules', '.bin', bin);
      const v = spawnSync(binPath, ['--version'], { cwd: project, encoding: 'utf8', timeout: 30_000 });
      if (v.status !== 0 || v.stdout.trim() !== p.pkg.version) p.problems.push(`"${bin} --version" printed "${(v.stdout + v.stderr).trim()}" (exit ${v.status}), not ${p.pkg.version}`);
      // --help goes through the bundle (--version is answered before it loads).
      const h = spawnSync(binPath, ['--help'], { cwd: project, encoding: 'utf8', timeout: 30_000 });
      if (h.status !== 0 || !h.stdout.includes(bin)) p.problems.push(`"${bin} --help" failed (exit ${h.status}): ${(h.stderr || h.stdout).trim().split('\n').slice(0, 3).join(' ')}`);
    }
  }
  checkTypes(list, project);
  checkHeavyClosure(list, project);
  return { work, installSecs };
}

/** The installed directory of `name` as Node would find it from `fromDir`. */
function installedDir(name, fromDir, project) {
  for (let dir = fromDir; dir.startsWith(project); dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === project) break;
  }
  return undefined;
}

/** What each package pulls in, all the way down, in the real install: React, ink and fengari only where they belong. */
function checkHeavyClosure(list, project) {
  for (const p of list) {
    if (p.pkg.name === 'lug') continue; // the CLI composes everything, the interface and Lua included
    const start = installedDir(p.pkg.name, project, project);
    if (!start) continue;
    const seen = new Map([[start, [p.pkg.name]]]);
    const queue = [start];
    while (queue.length) {
      const dir = queue.shift();
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
        const found = installedDir(dep, dir, project);
        if (!found || seen.has(found)) continue;
        const path = [...seen.get(dir), dep];
        seen.set(found, path);
        queue.push(found);
        const allowed = HEAVY[dep];
        if (allowed && !allowed.includes(p.pkg.name)) p.problems.push(`pulls in ${dep} (${path.join(' → ')}), which only ${allowed.join(', ')} may`);
      }
    }
  }
}

/** Every package's types resolve through its exports, from a TypeScript project that imports them all. */
function checkTypes(list, project) {
  // One import a line, so an error's line number names its package.
  const lines = list.map((p, i) => `import * as m${i} from ${JSON.stringify(p.pkg.name)}; void m${i};`);
  writeFileSync(join(project, 'all.ts'), `${lines.join('\n')}\nexport {};\n`);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2023'], types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], skipLibCheck: true },
      files: ['all.ts'],
    }),
  );
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project, encoding: 'utf8' });
  if (r.status === 0) return;
  for (const line of (r.stdout + r.stderr).split('\n').filter((l) => /error TS/.test(l))) {
    const at = /^all\.ts\((\d+),/.exec(line);
    const p = at ? list[Number(at[1]) - 1] : undefined;
    if (p) p.problems.push(`its types do not resolve from the installed tarball: ${line.slice(line.indexOf('error')).trim()}`);
    else for (const q of list) q.problems.push(`the type check of all packages together failed: ${line.trim()}`);
  }
}

/**
 * Each installed binary answers a prompt from @lug/testing's scripted server,
 * headless: the whole path a user's first `lug -p` takes from the tarballs
 * (the bundle, the provider's vendor bundle, the SDK's request).
 */
async function checkBinariesAnswer(list, project) {
  const { startScriptedServer, text } = await import('@lug/testing');
  for (const p of list) {
    for (const [bin] of Object.entries(typeof p.pkg.bin === 'object' ? p.pkg.bin : {})) {
      const server = await startScriptedServer([text('answered from the tarball')]);
      const home = mkdtempSync(join(tmpdir(), 'lug-release-dry-home-'));
      try {
        const env = { PATH: process.env.PATH, HOME: home, ANTHROPIC_API_KEY: 'release-dry', ANTHROPIC_BASE_URL: server.anthropicBaseUrl };
        const run = await new Promise((resolve) => {
          const child = spawn(join(project, 'node_modules', '.bin', bin), ['-p', 'hi'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          let err = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (err += d));
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          child.on('close', (code) => {
            clearTimeout(timer);
            resolve({ code, out, err });
          });
        });
        if (run.code !== 0 || run.out !== 'answered from the tarball\n') {
          p.problems.push(`"${bin} -p hi" against a scripted server printed ${JSON.stringify(run.out)} (exit ${run.code}): ${run.err.trim().split('\n').slice(0, 3).join(' ')}`);
        }
      } finally {
        await server.close();
        rmSync(home, { recursive: true, force: true });
      }
    }
  }
}

function kb(bytes) {
  return bytes === undefined ? '' : `${(bytes / 1024).toFixed(1)} kB`;
}

async function main() {
  const list = findPackages();
  const versions = new Map(list.map((p) => [p.pkg.name, p.pkg.version]));
  for (const p of list) {
    checkMetadata(p, versions);
    checkReadme(p);
    checkDependencies(p);
  }
  dryRun(list);
  let install;
  if (!FLAGS.has('--no-install')) {
    try {
      install = installAndImport(list);
      await checkBinariesAnswer(list, join(install.work, 'project'));
    } catch (err) {
      for (const p of list) p.problems.push(err.message);
    }
  }
  const width = Math.max(...list.map((p) => `${p.pkg.name}@${p.pkg.version}`.length));
  console.log(`\nrelease:dry — ${list.length} packages${install ? `; tarballs installed together in ${install.installSecs} s` : ''}\n`);
  for (const p of list) {
    const id = `${p.pkg.name}@${p.pkg.version}`.padEnd(width);
    console.log(`${p.problems.length ? '✗' : '✓'} ${id}  ${kb(p.size).padStart(9)}  ${String(p.fileCount ?? '').padStart(3)} files  ${p.rel}`);
    for (const problem of p.problems) console.log(`    - ${problem}`);
    for (const note of p.notes) console.log(`    · ${note}`);
  }
  const failed = list.filter((p) => p.problems.length);
  if (install && (FLAGS.has('--keep') || failed.length)) console.log(`\nthe packed install is kept in ${install.work}`);
  else if (install) rmSync(install.work, { recursive: true, force: true });
  console.log(failed.length ? `\n${failed.length} of ${list.length} packages are not ready to publish.` : `\nall ${list.length} packages are ready to publish.`);
  process.exitCode = failed.length ? 1 : 0;
}

await main();
