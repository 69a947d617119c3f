/**
 * `:lua` completion: the names a chunk could go on with at the cursor, the
 * globals and, after a dot or colon, the fields of what the path before it
 * names (`lug.ke` → `lug.keymap`; `lug.keymap.` → its functions). Written in
 * Lua, run synchronously (completion cannot wait), through `pairs` so tables
 * that list their fields through __pairs (lug.opt) complete too. Reading a
 * path runs no code of the user's beyond an __index or __pairs, and a
 * failure completes nothing.
 */
import type { LuaFunctionRef } from './lua-values.js';
import type { LuaVM } from './lua-vm.js';

const COMPLETE_SOURCE = String.raw`
local pairs, pcall, type, sort, getmetatable = pairs, pcall, type, table.sort, getmetatable
local G = _G
return function(text)
  local path = text:match('([%a_][%w_%.:]*)$')
  if not path then return {} end
  local parts = {}
  for name in path:gmatch('[^.:]+') do parts[#parts + 1] = name end
  local ends = path:sub(-1)
  local prefix = (ends == '.' or ends == ':') and '' or table.remove(parts)
  local at = G
  for _, name in ipairs(parts) do
    local ok, v = pcall(function() return at[name] end)
    if not ok or (type(v) ~= 'table' and not (type(v) == 'string' or type(getmetatable(v)) == 'table')) then return {} end
    at = v
  end
  if type(at) == 'string' then at = string end
  local names = {}
  local ok = pcall(function()
    for k, v in pairs(at) do
      if type(k) == 'string' and k:match('^[%a_][%w_]*$') and k:sub(1, #prefix) == prefix then names[#names + 1] = k end
    end
  end)
  if not ok then return {} end
  sort(names)
  local head = text:sub(1, #text - #prefix)
  for i, n in ipairs(names) do names[i] = head .. n end
  return names
end
`;

/** `:lua` completion in `vm` (the Lua above, loaded at its first use): whole texts; never waits, never throws. */
export function luaCompleter(vm: LuaVM): (text: string) => string[] {
  let completer: LuaFunctionRef | undefined;
  return (text) => {
    try {
      if (!completer) {
        const chunk = vm.load(COMPLETE_SOURCE, '=lug.complete');
        completer = (vm.call(chunk) as unknown[])[0] as LuaFunctionRef;
        chunk.release();
      }
      const out = vm.call(completer, [text]);
      if (out instanceof Promise) return [];
      return Array.isArray(out[0]) ? out[0].map(String) : [];
    } catch {
      return [];
    }
  };
}
