/**
 * What a sandboxed process may do, as data: the mode, the network, where it
 * may write and what stays read-only inside that. Computed at each call from
 * the host's options (so `:sandbox MODE` changes the next call) and applied
 * by the process runner (bwrap on Linux, Seatbelt on macOS) and by write and
 * edit in-process (write-boundary.ts).
 */
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, resolveRealPath, stateDir, type Env } from '@lug/core';
import { entryExists } from '../files/entry-exists.js';
import { isPlaceholder } from './placeholder-mark.js';
import { sandboxTempDir } from './sandbox-temp.js';
import type { SandboxMode } from './sandbox-options.js';

export interface SandboxPolicy {
  mode: Exclude<SandboxMode, 'off'>;
  /** May processes use the network (lug.opt.sandbox_network)? */
  network: boolean;
  /** The project directory, every symlink resolved. */
  projectRoot: string;
  /** lug's private temporary directory (TMPDIR inside); null in read-only mode. */
  tempDir: string | null;
  /** Where writes are allowed: the project and the temp directory in workspace mode, nothing in read-only. */
  writable: string[];
  /** Inside the writable places, what stays read-only: the project's .git, lug's configuration and state directories (each also before it exists). */
  protected: ProtectedPath[];
}

export interface ProtectedPath {
  path: string;
  /** For messages: "the project's .git", "lug's configuration directory". */
  what: string;
  /**
   * It did not exist when the policy was made (or was a placeholder of a lug's
   * already): bwrap can only mount what exists, so the runner holds an empty
   * directory there for the call (git-placeholder.ts); Seatbelt's rules apply
   * to a path that is not there.
   */
  placeholder?: true;
}

/** What the policy is read from: a host, or a plugin's API (both have these). */
export interface SandboxSource {
  readonly cwd: string;
  readonly env: Env;
  readonly options: { has(name: string): boolean; get<T = unknown>(name: string): T };
}

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * The policy for the next process, or null when the sandbox is off (or its
 * options were never defined on this host, which means nobody asked for it).
 */
export function sandboxPolicy(source: SandboxSource): SandboxPolicy | null {
  if (!source.options.has('sandbox')) return null;
  const mode = source.options.get<SandboxMode>('sandbox');
  if (mode === 'off') return null;
  const network = source.options.has('sandbox_network') && source.options.get<boolean>('sandbox_network') === true;
  return buildPolicy({ mode, network, projectRoot: source.cwd, configDir: configDir(source.env), stateDir: stateDir(source.env) });
}

export interface PolicyInput {
  mode: Exclude<SandboxMode, 'off'>;
  network: boolean;
  projectRoot: string;
  configDir: string;
  /**
   * lug's state directory (sessions, approvals.log, the checkpoints' shadow
   * repositories, whose config lug's own git reads unsandboxed, the MCP
   * trust), protected like the configuration where it lies in a writable
   * place, also before it exists.
   */
  stateDir?: string;
  /** Default: lug's own (sandbox-temp.ts), made on first use. */
  tempDir?: string;
}

export function buildPolicy(input: PolicyInput): SandboxPolicy {
  const projectRoot = real(input.projectRoot);
  const tempDir = input.mode === 'workspace' ? real(input.tempDir ?? sandboxTempDir()) : null;
  const writable = input.mode === 'workspace' ? [projectRoot, tempDir!] : [];
  const candidates: Array<[path: string, what: string]> = [
    // Also when absent: a .git made during the call would hold hooks and config the user's next git runs.
    [join(projectRoot, '.git'), "the project's .git"],
    // lug's own directories, also when absent: what is made there runs (init.lua, plugins) or is trusted (the
    // checkpoints' git config, the MCP trust) at the next start, unsandboxed. Inside the project only when HOME or
    // the XDG directories are; a symlink on the way is followed, a dangling one to where it points.
    [resolveRealPath('/', input.configDir), "lug's configuration directory"],
    ...(input.stateDir !== undefined ? [[resolveRealPath('/', input.stateDir), "lug's state directory"] as [string, string]] : []),
  ];
  // Only what lies in a writable place needs it.
  const protectedPaths = candidates.filter(([path]) => writable.some((w) => isInside(path, w))).map(([path, what]) => guard(path, what));
  return { mode: input.mode, network: input.network, projectRoot, tempDir, writable, protected: protectedPaths };
}

/** Protected as it is when something stands there; held with a placeholder when nothing does (or only a lug's placeholder). */
function guard(path: string, what: string): ProtectedPath {
  return { path, what, ...(entryExists(path) && !isPlaceholder(path) ? {} : { placeholder: true as const }) };
}


/** `path` is `dir` or below it (both absolute, normalised). */
export function isInside(path: string, dir: string): boolean {
  if (path === dir) return true;
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return path.startsWith(prefix);
}

/**
 * Where a real path stands under `policy`: inside a protected path (the
 * first that holds it: read-only, whatever holds it), else in a writable
 * place, else outside. The file tools' boundary and the refusal notes both
 * judge a path by it.
 */
export function placeOf(policy: SandboxPolicy, path: string): { guarded?: ProtectedPath; writable: boolean } {
  const guarded = policy.protected.find((p) => isInside(path, p.path));
  if (guarded) return { guarded, writable: false };
  return { writable: policy.writable.some((dir) => isInside(path, dir)) };
}
