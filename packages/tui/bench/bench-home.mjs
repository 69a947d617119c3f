// A fresh home for lug in a pty benchmark (the interface's, MCP's first
// screen): home, config (with lug/init.lua), state, cache and project
// directories under `dir`, and exactly the environment that points lug at
// them, with a key for the model server at `anthropicBaseUrl` (by default a
// port nothing listens on: a first screen never asks the model).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function benchHome(dir, { initLua, anthropicBaseUrl = 'http://127.0.0.1:9' }) {
  const dirs = Object.fromEntries(['home', 'config', 'state', 'cache', 'project'].map((d) => [d, join(dir, d)]));
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.config, 'lug'));
  writeFileSync(join(dirs.config, 'lug', 'init.lua'), initLua);
  const env = {
    PATH: process.env.PATH,
    HOME: dirs.home,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    XDG_CONFIG_HOME: dirs.config,
    XDG_STATE_HOME: dirs.state,
    XDG_CACHE_HOME: dirs.cache,
    ANTHROPIC_API_KEY: 'bench-key',
    ANTHROPIC_BASE_URL: anthropicBaseUrl,
  };
  return { dirs, env, cwd: dirs.project };
}
