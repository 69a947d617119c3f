/**
 * How `:lua` shows what a chunk returned, written in Lua so it sees the values
 * as they are: tables expanded (keys sorted, a table met again shown as
 * <cycle>), `__tostring` honoured, functions, threads and userdata by
 * tostring, strings quoted. Showing never fails: a `__tostring` that errors
 * is shown as such, and a table too big or too deep is cut with "…".
 *
 * The wrapper runs the chunk, shows each value, and returns the text, the
 * count, then the values that can cross to JavaScript as data (the others
 * as nil), so `run(code).values` keeps working for callers and tests.
 */
export const SHOW_SOURCE = String.raw`
local type, tostring, pairs, pcall, select, getmetatable, rawlen = type, tostring, pairs, pcall, select, getmetatable, rawlen
local next, ipairs, rawget, mtype = next, ipairs, rawget, math.type
local sort, concat, unpack, format = table.sort, table.concat, table.unpack, string.format
local MAX_DEPTH, MAX_ITEMS = 6, 200

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '\n' then return '\\n' elseif c == '\t' then return '\\t' elseif c == '\r' then return '\\r'
    elseif c == '"' or c == '\\' then return '\\' .. c end
    return format('\\%03d', c:byte())
  end) .. '"'
end

local function plain(v)
  local ok, s = pcall(tostring, v)
  if ok and type(s) == 'string' then return s end
  return '<' .. type(v) .. ' whose __tostring failed: ' .. tostring(s) .. '>'
end

local ORDER = { number = 1, string = 2, boolean = 3 }
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (ORDER[ta] or 9) < (ORDER[tb] or 9) end
  if ta == 'number' or ta == 'string' then return a < b end
  return plain(a) < plain(b)
end

local show
local function showKey(k, seen, indent, depth)
  if type(k) == 'string' and k:match('^[%a_][%w_]*$') then return k end
  return '[' .. show(k, seen, indent, depth) .. ']'
end

function show(v, seen, indent, depth)
  local t = type(v)
  if t == 'string' then return quote(v) end
  if t ~= 'table' then return plain(v) end
  local mt = getmetatable(v)
  if type(mt) == 'table' and mt.__tostring then return plain(v) end
  if seen[v] then return '<cycle>' end
  if depth >= MAX_DEPTH then return '{ … }' end
  seen[v] = true
  local n, keys = rawlen(v), {}
  for k in next, v do
    if not (mtype(k) == 'integer' and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, before)
  local inner, items = indent .. '  ', {}
  for i = 1, n do
    if #items >= MAX_ITEMS then break end
    items[#items + 1] = inner .. show(rawget(v, i), seen, inner, depth + 1)
  end
  for _, k in ipairs(keys) do
    if #items >= MAX_ITEMS then break end
    items[#items + 1] = inner .. showKey(k, seen, inner, depth + 1) .. ' = ' .. show(rawget(v, k), seen, inner, depth + 1)
  end
  local total = n + #keys
  if total > #items then items[#items + 1] = inner .. '… (' .. (total - #items) .. ' more)' end
  seen[v] = nil
  if #items == 0 then return '{}' end
  return '{\n' .. concat(items, ',\n') .. '\n' .. indent .. '}'
end

local function data(v, path, depth)
  local t = type(v)
  if t == 'thread' or t == 'userdata' then return false end
  if t ~= 'table' then return true end
  if path[v] or depth > 32 then return false end
  path[v] = true
  for k, x in next, v do
    if not data(k, path, depth + 1) or not data(x, path, depth + 1) then path[v] = nil return false end
  end
  path[v] = nil
  return true
end

return function(fn)
  local r = table.pack(fn())
  local parts, values = {}, {}
  for i = 1, r.n do
    local ok, s = pcall(show, r[i], {}, '', 0)
    parts[i] = ok and s or ('<' .. type(r[i]) .. ': ' .. tostring(s) .. '>')
    if data(r[i], {}, 0) then values[i] = r[i] end
  end
  return concat(parts, '\t'), r.n, unpack(values, 1, r.n)
end
`;
