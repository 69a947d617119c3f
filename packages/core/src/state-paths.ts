/** Where lug keeps its files: every path comes from the environment, so tests never touch a real home. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from './provider.js';

function home(env: Env): string {
  return env.HOME || homedir();
}

/** `$XDG_CONFIG_HOME/lug`, default `~/.config/lug`. */
export function configDir(env: Env): string {
  return join(env.XDG_CONFIG_HOME || join(home(env), '.config'), 'lug');
}

/** `$XDG_STATE_HOME/lug`, default `~/.local/state/lug`. */
export function stateDir(env: Env): string {
  return join(env.XDG_STATE_HOME || join(home(env), '.local', 'state'), 'lug');
}

export function sessionsDir(env: Env): string {
  return join(stateDir(env), 'sessions');
}

/** `$XDG_CACHE_HOME/lug`, default `~/.cache/lug`: compiled Lua and other caches, safe to delete. */
export function cacheDir(env: Env): string {
  return join(env.XDG_CACHE_HOME || join(home(env), '.cache'), 'lug');
}
