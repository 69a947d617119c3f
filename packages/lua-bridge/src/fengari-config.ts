/**
 * fengari's configuration (what it reads from `FENGARICONF` when it loads),
 * baked into `dist/fengari.cjs` by the build (tsup.config.ts), so no process
 * environment is set or restored around a load.
 *
 * `LUA_IDSIZE`: the longest chunk name Lua keeps in messages ("file:line:").
 * Lua's default (60) cuts a deep config path to "...ug/plugins/x/init.lua";
 * users need the whole path to open the file.
 */
export const FENGARI_CONF = { LUA_IDSIZE: 1024 } as const;
