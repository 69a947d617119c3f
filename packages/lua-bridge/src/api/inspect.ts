/**
 * lug.inspect(value, opts?): any Lua value as readable text, as Neovim's
 * vim.inspect, and it never fails: tables (nested, with a cycle shown as
 * `<cycle>`), functions, threads and userdata (`function: 0x…`), a
 * `__tostring` metamethod's result (or `<__tostring failed: …>`), strings
 * quoted as Lua would read them. Lists come first in order, then the other
 * keys sorted; short tables fit on one line, longer ones take one line an entry.
 */
import type { LuaState } from '../fengari.js';
import { jsString, luaConst, luaString } from '../lua-strings.js';
import type { LuaVM } from '../lua-vm.js';
import type { ApiContext } from './api-context.js';
import { BOOLEAN, NUMBER, STRING, TABLE } from './checks.js';
import { valueIndex } from './stack-checks.js';
import { is, signature } from './validate.js';

const INSPECT = signature('lug.inspect', [
  ['value', valueIndex],
  ['opts', is.fields({ depth: is.integer.that((n) => n >= 0, 'an integer of 0 or more').optional() }).optional({})],
]);

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEYWORDS = new Set('and break do else elseif end false for function goto if in local nil not or repeat return then true until while'.split(' '));
/** Past this width a table is shown one entry a line. */
const LINE_WIDTH = 72;
/** Past this many characters in all, the rest is left out (a huge table must not stall the interface). */
const MAX_CHARS = 200_000;
const DEFAULT_DEPTH = 12;

/** A Lua string literal: printable ASCII as is, the rest escaped as Lua reads it. */
function quoteLua(text: string): string {
  let out = '"';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\${c}`;
    else out += ch;
  }
  return `${out}"`;
}

interface Walk {
  vm: LuaVM;
  path: unknown[];
  depth: number;
  chars: number;
}

/** luaL_tolstring under pcall, so a failing __tostring is shown instead of raised. */
const callTolstring = (vm: LuaVM) => (L: LuaState) => {
  vm.f.lauxlib.luaL_tolstring(L, 1);
  return 1;
};

function hasMetamethod(vm: LuaVM, L: LuaState, idx: number, name: string): boolean {
  const { lua, lauxlib } = vm.f;
  const type = lauxlib.luaL_getmetafield(L, idx, luaConst(name));
  if (type === lua.LUA_TNIL) return false;
  lua.lua_pop(L, 1);
  return true;
}

function tostringAt(vm: LuaVM, L: LuaState, idx: number): string {
  const { lua } = vm.f;
  lua.lua_checkstack(L, 4);
  lua.lua_pushjsfunction(L, callTolstring(vm));
  lua.lua_pushvalue(L, idx);
  const status = lua.lua_pcall(L, 1, 1, 0);
  const text = lua.lua_type(L, -1) === STRING ? jsString(lua.lua_tolstring(L, -1)!) : vm.typeName(L, -1);
  lua.lua_pop(L, 1);
  return status === lua.LUA_OK ? text : `<__tostring failed: ${text}>`;
}

function keyText(vm: LuaVM, L: LuaState, idx: number, w: Walk): string {
  const { lua } = vm.f;
  if (lua.lua_type(L, idx) === STRING) {
    const key = jsString(lua.lua_tolstring(L, idx)!);
    if (IDENT.test(key) && !KEYWORDS.has(key)) return key;
  }
  return `[${valueText(vm, L, idx, w)}]`;
}

/** Keys in order: numbers, then strings, then booleans, then the rest (each by value). */
function keyRank(vm: LuaVM, L: LuaState, idx: number): [number, number | string] {
  const { lua } = vm.f;
  const type = lua.lua_type(L, idx);
  if (type === NUMBER) return [0, lua.lua_tonumber(L, idx) as number];
  if (type === STRING) return [1, jsString(lua.lua_tolstring(L, idx)!)];
  if (type === BOOLEAN) return [2, lua.lua_toboolean(L, idx) ? 1 : 0];
  return [3, 0];
}

function tableText(vm: LuaVM, L: LuaState, idx: number, w: Walk): string {
  const { lua } = vm.f;
  const identity = lua.lua_topointer(L, idx);
  if (w.path.includes(identity)) return '<cycle>';
  if (w.path.length >= w.depth) return '{...}';
  w.path.push(identity);
  lua.lua_checkstack(L, 6);
  const n = lua.lua_rawlen(L, idx);
  const list: string[] = [];
  for (let i = 1; i <= n && w.chars < MAX_CHARS; i++) {
    lua.lua_rawgeti(L, idx, i);
    list.push(valueText(vm, L, lua.lua_gettop(L), w));
    lua.lua_pop(L, 1);
  }
  const named: Array<{ rank: [number, number | string]; text: string }> = [];
  lua.lua_pushnil(L);
  while (lua.lua_next(L, idx) !== 0) {
    const keyIdx = lua.lua_gettop(L) - 1;
    const inList = lua.lua_isinteger(L, keyIdx) && (lua.lua_tointeger(L, keyIdx) as number) >= 1 && (lua.lua_tointeger(L, keyIdx) as number) <= n;
    if (!inList && w.chars < MAX_CHARS) {
      const text = `${keyText(vm, L, keyIdx, w)} = ${valueText(vm, L, keyIdx + 1, w)}`;
      named.push({ rank: keyRank(vm, L, keyIdx), text });
    }
    lua.lua_pop(L, 1);
  }
  w.path.pop();
  named.sort((a, b) => a.rank[0] - b.rank[0] || (a.rank[1] < b.rank[1] ? -1 : a.rank[1] > b.rank[1] ? 1 : 0));
  const entries = [...list, ...named.map((e) => e.text)];
  if (w.chars >= MAX_CHARS) entries.push('...');
  if (entries.length === 0) return '{}';
  const oneLine = `{ ${entries.join(', ')} }`;
  if (oneLine.length <= LINE_WIDTH && !oneLine.includes('\n')) return oneLine;
  return `{\n${entries.map((e) => `  ${e.replace(/\n/g, '\n  ')}`).join(',\n')}\n}`;
}

function valueText(vm: LuaVM, L: LuaState, idx: number, w: Walk): string {
  const { lua } = vm.f;
  const type = lua.lua_type(L, idx);
  let text: string;
  if (type <= 0) text = 'nil';
  else if (type === STRING) text = quoteLua(jsString(lua.lua_tolstring(L, idx)!));
  else if (hasMetamethod(vm, L, idx, '__tostring')) text = tostringAt(vm, L, idx);
  else if (type === TABLE) text = tableText(vm, L, idx, w);
  else text = tostringAt(vm, L, idx);
  w.chars += text.length;
  return text;
}

/** Any value as text; never raises. */
export function inspectAt(vm: LuaVM, L: LuaState, idx: number, depth = DEFAULT_DEPTH): string {
  return valueText(vm, L, vm.f.lua.lua_absindex(L, idx), { vm, path: [], depth, chars: 0 });
}

export function pushInspect(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  vm.f.lua.lua_pushjsfunction(
    L,
    vm.fn('lug.inspect', (Ls) => {
      const [idx, opts] = INSPECT.read(vm, Ls);
      vm.f.lua.lua_pushstring(Ls, luaString(inspectAt(vm, Ls, idx, opts.depth ?? DEFAULT_DEPTH)));
      return 1;
    }),
  );
}
