/**
 * Where the ripgrep binary is: the one inside @vscode/ripgrep (a platform
 * package brings it, no download), else `rg` on PATH, else a clear error.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export class RipgrepNotFoundError extends Error {
  override name = 'RipgrepNotFoundError';
}

export interface LocateRipgrepOptions {
  /** Search PATH only (tests, or a user who wants their own rg). */
  skipBundled?: boolean;
  /** Default: process.env.PATH. */
  pathEnv?: string;
}

let cached: Promise<string> | undefined;

/**
 * The binary of @vscode/ripgrep's platform package, resolved as its
 * lib/index.js resolves it (`@vscode/ripgrep-<platform>-<arch>/bin/rg`, the
 * arch from npm_config_arch first), from that file, without running it.
 * @vscode/ripgrep is an ES module: imported from lug's CommonJS bundle it
 * went through Node's require of an ES module, which starts Node's ES module
 * loader at the first tool call: 4.8 ms of the interface's first turn on
 * average, 6.5 in one (CPU profiles of 4 first turns, the loader and the
 * import under it); in a bare node, the import took 3.1-4.6 ms and this
 * lookup 1.8. It can go when @vscode/ripgrep is CommonJS, or lug's bundles
 * are ES modules. Undefined when the layout is not the one read here: the
 * import then says.
 */
export function ripgrepOfPackage(arch = process.env.npm_config_arch || process.arch): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@vscode/ripgrep');
    const binary = process.platform === 'win32' ? 'rg.exe' : 'rg';
    return createRequire(entry).resolve(`@vscode/ripgrep-${process.platform}-${arch}/bin/${binary}`);
  } catch {
    return undefined;
  }
}

/** The bundled binary's path, or undefined when this platform has none. */
async function bundledRipgrep(): Promise<string | undefined> {
  // Resolved, it is the path the import would give: no need to import to hear the same.
  const resolved = ripgrepOfPackage();
  if (resolved) return isExecutable(resolved) ? resolved : undefined;
  try {
    // The import itself throws when the platform package is missing.
    const mod = (await import('@vscode/ripgrep')) as { rgPath?: string };
    return mod.rgPath && isExecutable(mod.rgPath) ? mod.rgPath : undefined;
  } catch {
    return undefined;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function ripgrepOnPath(pathEnv: string): string | undefined {
  for (const dir of pathEnv.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'rg.exe' : 'rg');
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

async function locate(opts: LocateRipgrepOptions): Promise<string> {
  const bundled = opts.skipBundled ? undefined : await bundledRipgrep();
  if (bundled) return bundled;
  const onPath = ripgrepOnPath(opts.pathEnv ?? process.env.PATH ?? '');
  if (onPath) return onPath;
  throw new RipgrepNotFoundError(
    `ripgrep was not found: @vscode/ripgrep has no binary for ${process.platform}-${process.arch} ` +
      'and there is no rg on PATH. Install ripgrep (https://github.com/BurntSushi/ripgrep#installation, ' +
      'e.g. apt install ripgrep or brew install ripgrep) and start lug again.',
  );
}

/**
 * The path of the ripgrep binary to run. Without options the answer is
 * looked up once and remembered for the life of the process.
 */
export function locateRipgrep(opts?: LocateRipgrepOptions): Promise<string> {
  if (opts) return locate(opts);
  cached ??= locate({});
  cached.catch(() => {
    cached = undefined; // a failed lookup is retried next time
  });
  return cached;
}
