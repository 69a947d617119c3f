/**
 * Pack workspace packages with `npm pack` and install the tarballs into an
 * empty project, the way a stranger would get them from the registry. The
 * third-party dependencies come from npm's cache, else the registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** npm without the npm_* variables of an enclosing `npm run` (workspace flags would leak in). */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return { ...env, NO_UPDATE_NOTIFIER: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

export function npm(args: string[], cwd: string, timeoutMs = 90_000): string {
  const r = spawnSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: timeoutMs });
  if (r.status !== 0) {
    throw new Error(`npm ${args.join(' ')} failed in ${cwd} (exit ${r.status ?? r.signal}):\n${r.stderr || r.stdout}`);
  }
  return r.stdout;
}

/** Pack packages (folders relative to the repository root); returns the tarballs' paths. */
export function packPackages(folders: string[], dest = mkdtempSync(join(tmpdir(), 'lug-pack-'))): string[] {
  for (const folder of folders) {
    if (!existsSync(join(REPO_ROOT, folder, 'dist'))) throw new Error(`${folder} is not built (no dist/): build it first (npx tsup in ${folder})`);
  }
  // "./" keeps npm from reading "packages/core" as a GitHub shorthand.
  const out = npm(['pack', '--json', '--pack-destination', dest, ...folders.map((f) => `./${f}`)], REPO_ROOT);
  return parsePackJson(out).map((p) => join(dest, p.filename));
}

export interface PackedFile {
  filename: string;
  files: Array<{ path: string }>;
}

/** `npm pack --json`'s answer; a prepack script's own output comes before it on stdout. */
export function parsePackJson(stdout: string): PackedFile[] {
  const start = stdout.search(/^\[/m);
  if (start < 0) throw new Error(`npm pack printed no JSON:\n${stdout}`);
  return JSON.parse(stdout.slice(start)) as PackedFile[];
}

/** An empty project with nothing but the given tarballs installed. */
export function installTarballs(tarballs: string[], project = mkdtempSync(join(tmpdir(), 'lug-install-'))): string {
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'lug-install-probe', private: true, type: 'module' }, null, 2));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--no-package-lock', ...tarballs], project);
  return project;
}

/** Every installed package (also nested ones) whose name is in `names`, as paths. */
export function findInstalled(nodeModules: string, names: string[]): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      if (entry.name.startsWith('@')) {
        for (const sub of readdirSync(join(dir, entry.name), { withFileTypes: true })) {
          if (!sub.isDirectory()) continue;
          const name = `${entry.name}/${sub.name}`;
          if (names.includes(name)) found.push(join(dir, name));
          visit(join(dir, name, 'node_modules'));
        }
        continue;
      }
      if (names.includes(entry.name)) found.push(join(dir, entry.name));
      visit(join(dir, entry.name, 'node_modules'));
    }
  };
  visit(resolve(nodeModules));
  return found;
}

