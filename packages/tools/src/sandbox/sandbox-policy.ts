/**
 * What a sandboxed process may do, as data: the mode, the network, where it
 * may write and what stays read-only inside that. Computed at each call from
 * the host's options (so `:sandbox MODE` changes the next call) and applied
 * by the process runner (bwrap on Linux, Seatbelt on macOS) and by write and
 * edit in-process (write-boundary.ts).
 */
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, type Env } from '@lug/core';
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
  /** Inside the writable places, what stays read-only: the project's .git, lug's configuration directory. */
  protected: ProtectedPath[];
}

export interface ProtectedPath {
  path: string;
  /** For messages: "the project's .git", "lug's configuration directory". */
  what: string;
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
  return buildPolicy({ mode, network, projectRoot: source.cwd, configDir: configDir(source.env) });
}

export interface PolicyInput {
  mode: Exclude<SandboxMode, 'off'>;
  network: boolean;
  projectRoot: string;
  configDir: string;
  /** Default: lug's own (sandbox-temp.ts), made on first use. */
  tempDir?: string;
}

export function buildPolicy(input: PolicyInput): SandboxPolicy {
  const projectRoot = real(input.projectRoot);
  const tempDir = input.mode === 'workspace' ? real(input.tempDir ?? sandboxTempDir()) : null;
  const writable = input.mode === 'workspace' ? [projectRoot, tempDir!] : [];
  const candidates: ProtectedPath[] = [
    { path: join(projectRoot, '.git'), what: "the project's .git" },
    { path: real(input.configDir), what: "lug's configuration directory" },
  ];
  // Only what exists can be mounted read-only, and only what lies in a writable place needs it.
  const protectedPaths = candidates.filter((p) => existsSync(p.path) && writable.some((w) => isInside(p.path, w)));
  return { mode: input.mode, network: input.network, projectRoot, tempDir, writable, protected: protectedPaths };
}

/** `path` is `dir` or below it (both absolute, normalised). */
export function isInside(path: string, dir: string): boolean {
  if (path === dir) return true;
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return path.startsWith(prefix);
}
