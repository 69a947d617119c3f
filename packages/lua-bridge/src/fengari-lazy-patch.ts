/**
 * What lug's fengari bundle adds for lazy tables (lazy-tables.ts), patched
 * into fengari's lapi.js and exported by its lua.js at build time
 * (fengari-patches.ts). Nothing here runs in lug itself: these are the texts.
 *
 * Each Lua rule gets tables of its own at every call, with the fields it
 * read last time already in place (LazyTables.prefill). Through fengari's
 * API that was a table, a registry lookup for the metatable, a
 * lua_setmetatable and, for each field, a key pushed (a WeakMap lookup), a
 * value pushed (a new Lua string) and a lua_rawset: most of the cost of a
 * rule that reads two fields (bench/rules.bench.mjs). These do it in place:
 *
 * - `lua_lugnewtable(L, metatable, slot)` pushes a new table whose metatable
 *   is `metatable` (a table object, as lua_topointer gives it) and whose lug
 *   slot (tableSlot in fengari-patches.ts) is `slot`, and returns the table object;
 * - `lua_lugstring(L, bytes)` makes a Lua string of bytes nobody changes
 *   afterwards, without copying them: one string a call's field, set in every
 *   rule's table and pushed for each read (`lua_pushlugstring`), its hash
 *   made once if it is ever a key (fengari copies every string it is given:
 *   the copy of a 20 KB new_string was 7% of five Lua rules' time on it);
 * - `lua_lugrawsetstr(L, t, key, value)` is lua_rawset of two such strings
 *   into a table object, without the stack;
 * - `lua_lugtablekey(s)` is the key such a string has in a table's entries
 *   (the Map key fengari computes for it).
 *
 * And in lvm.js, reading a field a table does not have (luaV_gettable, which
 * every read goes through: `t.k`, `t[k]`, `s:m()`, lua_getfield) answers nil
 * without calling __index when the table's lug slot lists that key in
 * `absent` and the table still has the metatable lug made it with (a rule
 * may give its `args` a metatable of its own, whose __index is then called
 * as for any table): a rule for every tool that reads `args.command` on an
 * edit crossed into JavaScript at each call to learn it had none.
 *
 * Each can go if fengari gives its embedder tables and strings this way.
 */

const LAPI_ANCHOR = 'module.exports.lua_pushstring        = lua_pushstring;';

/** Added to lapi.js, after its lua_pushstring export (where the other lug additions go). */
export const lazyTableFunctions: [string, string] = [
  LAPI_ANCHOR,
  `${LAPI_ANCHOR}
/* lug: see packages/lua-bridge/src/fengari-lazy-patch.ts */
module.exports.lua_lugnewtable = function (L, metatable, slot) {
    let t = ltable.luaH_new(L);
    t.metatable = metatable;
    t.lug = slot;
    L.stack[L.top] = new TValue(LUA_TTABLE, t);
    api_incr_top(L);
    return t;
};
module.exports.lua_lugstring = function (L, bytes) {
    return luaS_bless(L, bytes);
};
module.exports.lua_pushlugstring = function (L, ts) {
    lobject.pushsvalue2s(L, ts);
    api_check(L, L.top <= L.ci.top, "stack overflow");
};
const lugKey = new TValue(LUA_TNIL, null);
const lugValue = new TValue(LUA_TNIL, null);
module.exports.lua_lugrawsetstr = function (L, t, key, value) {
    lugKey.setsvalue(key);
    lugValue.setsvalue(value);
    ltable.luaH_setfrom(L, t, lugKey, lugValue); /* copies both */
    ltable.invalidateTMcache(t);
    lugKey.setnilvalue();
    lugValue.setnilvalue();
};
module.exports.lua_lugtablekey = function (ts) {
    return require("./lstring.js").luaS_hashlongstr(ts);
};`,
];

const GETTABLE_MISS = "tm = ltm.fasttm(L, t.value.metatable, ltm.TMS.TM_INDEX);  /* table's metamethod */\n                if (tm === null) { /* no metamethod? */";

/** In lvm.js's luaV_gettable: a key a lazy table knows its source lacks is nil at once. */
export const absentKeys: [string, string] = [
  GETTABLE_MISS,
  GETTABLE_MISS.replace(
    'if (tm === null) {',
    'if (tm === null || (t.value.lug !== undefined && t.value.lug.absent !== undefined && t.value.metatable === t.value.lug.metatable && key.ttisstring() && t.value.lug.absent.has(luaS_hashlongstr(key.tsvalue())))) { /* lug: see packages/lua-bridge/src/fengari-lazy-patch.ts */',
  ),
];

const LUA_ANCHOR = 'module.exports.lua_pushstring          = lapi.lua_pushstring;';

/** Added to lua.js, which names what `lua` offers one by one. */
export const lazyTableExports: [string, string] = [
  LUA_ANCHOR,
  `${LUA_ANCHOR}
module.exports.lua_lugnewtable         = lapi.lua_lugnewtable;
module.exports.lua_lugstring           = lapi.lua_lugstring;
module.exports.lua_pushlugstring       = lapi.lua_pushlugstring;
module.exports.lua_lugrawsetstr        = lapi.lua_lugrawsetstr;
module.exports.lua_lugtablekey         = lapi.lua_lugtablekey;`,
];
