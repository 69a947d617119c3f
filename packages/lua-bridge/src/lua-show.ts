/**
 * How `:lua` shows what a chunk returned: each value as `lug.inspect` shows
 * it (api/inspect.ts: tables expanded, keys sorted, cycles, `__tostring`,
 * never failing), the values separated by tabs. One printer for both, so
 * `:lua =t` and `print(lug.inspect(t))` agree.
 *
 * A small Lua wrapper runs the chunk, so the printer sees the values as they
 * are, and returns the text, the count, then the values that can cross to
 * JavaScript as data (the others as nil), so `run(code).values` keeps
 * working for callers and tests.
 */
import { inspectAt } from './api/inspect.js';
import { luaString } from './lua-strings.js';
import type { LuaFunctionRef } from './lua-values.js';
import type { LuaVM } from './lua-vm.js';

export interface LuaRunResult {
  values: unknown[];
  /** The values as the `:lua` command shows them. */
  text: string;
}

const SHOW_SOURCE = String.raw`
local inspectAll = ...
local type, next, pack, unpack = type, next, table.pack, table.unpack

-- What toJs (lua-values.ts) converts: no thread, userdata or cycle, and keys that are strings, numbers or booleans.
local KEY = { string = true, number = true, boolean = true }
local function data(v, path, depth)
  local t = type(v)
  if t == 'thread' or t == 'userdata' then return false end
  if t ~= 'table' then return true end
  if path[v] or depth > 32 then return false end
  path[v] = true
  for k, x in next, v do
    if not KEY[type(k)] or not data(x, path, depth + 1) then path[v] = nil return false end
  end
  path[v] = nil
  return true
end

return function(fn)
  local r = pack(fn())
  local values = {}
  for i = 1, r.n do
    if data(r[i], {}, 0) then values[i] = r[i] end
  end
  return inspectAll(unpack(r, 1, r.n)), r.n, unpack(values, 1, r.n)
end
`;

/** The function `:lua` calls with its chunk: it returns the text, the count, then the values as data. */
async function loadShow(vm: LuaVM): Promise<LuaFunctionRef> {
  const { lua } = vm.f;
  lua.lua_pushjsfunction(
    vm.L,
    vm.fn('lug.show', (L) => {
      const parts: string[] = [];
      for (let i = 1; i <= lua.lua_gettop(L); i++) parts.push(inspectAt(vm, L, i));
      lua.lua_pushstring(L, luaString(parts.join('\t')));
      return 1;
    }),
  );
  const inspectAll = vm.refTop(vm.L);
  const chunk = vm.load(SHOW_SOURCE, '=lug.show');
  try {
    return (await vm.callAsync(chunk, [inspectAll]))[0] as LuaFunctionRef;
  } finally {
    chunk.release();
    inspectAll.release();
  }
}

/**
 * `:lua`'s run: "=expr" is an expression, as Neovim's :lua =expr; otherwise,
 * like Lua's own REPL, an expression first, then statements. Errors reject
 * with a LuaError.
 */
export function luaRunner(vm: LuaVM): (code: string, chunkName?: string) => Promise<LuaRunResult> {
  let show: LuaFunctionRef | undefined;
  return async (code, chunkName = '=:lua') => {
    let fn;
    if (code.trimStart().startsWith('=')) fn = vm.load(`return ${code.trimStart().slice(1)}`, chunkName);
    else {
      try {
        fn = vm.load(`return ${code}`, chunkName);
      } catch {
        fn = vm.load(code, chunkName);
      }
    }
    try {
      show ??= await loadShow(vm);
      const [text, n, ...values] = await vm.callAsync(show, [fn]);
      return { values: Array.from({ length: Number(n) }, (_, i) => values[i]), text: String(text) };
    } finally {
      fn.release();
    }
  };
}
