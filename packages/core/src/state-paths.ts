/**
 * Where lug keeps its files, by the XDG Base Directory rules: every package
 * asks here (the session store, the decision log, the Lua config dir, the
 * caches, the interface's history, git's global excludes). Every path comes
 * from the environment given, so tests never touch a real home.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Env } from './provider.js';

export type XdgKind = 'config' | 'state' | 'cache';

const XDG: Record<XdgKind, { variable: string; fallback: string[] }> = {
  config: { variable: 'XDG_CONFIG_HOME', fallback: ['.config'] },
  state: { variable: 'XDG_STATE_HOME', fallback: ['.local', 'state'] },
  cache: { variable: 'XDG_CACHE_HOME', fallback: ['.cache'] },
};

/** `$HOME`, else the account's home directory. */
export function homeDir(env: Env): string {
  return env.HOME || homedir();
}

/**
 * `$XDG_CONFIG_HOME`, `$XDG_STATE_HOME` or `$XDG_CACHE_HOME` as the
 * environment sets it, when that is an absolute path. Unset, empty or
 * relative gives undefined: the spec says a relative value is invalid and is
 * ignored.
 */
export function xdgFromEnv(env: Env, kind: XdgKind): string | undefined {
  const value = env[XDG[kind].variable];
  return value && isAbsolute(value) ? value : undefined;
}

/**
 * An XDG base directory (not lug's own under it): the variable's absolute
 * value (xdgFromEnv), else `~/.config`, `~/.local/state`, `~/.cache`.
 */
export function xdgBaseDir(env: Env, kind: XdgKind): string {
  return xdgFromEnv(env, kind) ?? join(homeDir(env), ...XDG[kind].fallback);
}

/** `$XDG_CONFIG_HOME/lug`, default `~/.config/lug`: init.lua, plugins/, lua/. */
export function configDir(env: Env): string {
  return join(xdgBaseDir(env, 'config'), 'lug');
}

/** `$XDG_STATE_HOME/lug`, default `~/.local/state/lug`: sessions, approvals.log, history. */
export function stateDir(env: Env): string {
  return join(xdgBaseDir(env, 'state'), 'lug');
}

export function sessionsDir(env: Env): string {
  return join(stateDir(env), 'sessions');
}

/** `$XDG_CACHE_HOME/lug`, default `~/.cache/lug`: compiled Lua and other caches, safe to delete. */
export function cacheDir(env: Env): string {
  return join(xdgBaseDir(env, 'cache'), 'lug');
}
