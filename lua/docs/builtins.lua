---@meta

---lug runs Lua 5.3 (fengari) with these standard modules: the basic functions, `string`, `table`, `math`, `utf8`, `coroutine`, `os`, `io`, `debug` and `package` (`require`). Not there: `io.popen` and `os.execute` (use `lug.proc.run`), `os.exit`, weak tables, `__gc`, and a collector `collectgarbage` controls (JavaScript collects garbage; see "Differences from Lua 5.3"). Integers are 32-bit: `math.maxinteger` is 2147483647, and bigger whole numbers are floats.
---@class _G
_G = {}

---Raise an error if `v` is false or nil; else return all its arguments.
---@param v any
---@param message? any
---@return any ...
function assert(v, message) end

---Accepted in every form Lua 5.3 takes, answering as it does, though the JavaScript engine collects garbage on its own: "collect" (the default), "stop" and "restart" return 0; "count" the memory in use in KiB (the JavaScript heap's); "step" true; "isrunning" whether "stop" was called last; "setpause" and "setstepmul" the previous value; Lua 5.4's "incremental" and "generational" the previous mode.
---@param opt? "collect"|"stop"|"restart"|"count"|"step"|"setpause"|"setstepmul"|"isrunning"|"incremental"|"generational"
---@param arg? integer
---@return number|boolean|string
function collectgarbage(opt, arg) end

---Run a Lua file and return its values.
---@param filename? string
---@return any ...
function dofile(filename) end

---Raise an error with `message` (any value). Level 1 (default) adds the position where error was called, 2 the caller's position, 0 none.
---@param message any
---@param level? integer
function error(message, level) end

---The metatable of `object` (or its `__metatable` field).
---@param object any
---@return table|nil
function getmetatable(object) end

---Iterate over t[1], t[2], … up to the first nil: `for i, v in ipairs(t) do … end`.
---@param t table
---@return fun(t: table, i: integer): integer, any iterator
---@return table t
---@return integer start
function ipairs(t) end

---Compile a chunk from a string (or a function returning pieces). Returns the function, or nil and the error message.
---@param chunk string|function
---@param chunkname? string
---@param mode? "b"|"t"|"bt"
---@param env? table
---@return function|nil fn
---@return string? message
function load(chunk, chunkname, mode, env) end

---Like load, from a file.
---@param filename? string
---@param mode? "b"|"t"|"bt"
---@param env? table
---@return function|nil fn
---@return string? message
function loadfile(filename, mode, env) end

---The next key and value of a table after `index` (nil: the first). The order is unspecified.
---@param t table
---@param index? any
---@return any key
---@return any value
function next(t, index) end

---Iterate over every key and value of a table: `for k, v in pairs(t) do … end`. Uses `__pairs` when the metatable has it (lug.opt does).
---@param t table
---@return function iterator
---@return table t
---@return nil
function pairs(t) end

---Call `f` in protected mode: returns true and its results, or false and the error. Functions that wait (lug.ui.confirm, lug.proc.run) may be called inside.
---@param f function
---@param ... any
---@return boolean ok
---@return any ...
function pcall(f, ...) end

---Show the values, separated by tabs, as an "info" notification (lug owns the terminal, so nothing is written to it).
---@param ... any
function print(...) end

---Equality without metamethods.
---@param a any
---@param b any
---@return boolean
function rawequal(a, b) end

---t[k] without metamethods.
---@param t table
---@param k any
---@return any
function rawget(t, k) end

---Length without metamethods.
---@param v table|string
---@return integer
function rawlen(v) end

---t[k] = v without metamethods.
---@param t table
---@param k any
---@param v any
---@return table
function rawset(t, k, v) end

---Load a module: searches `package.path`, which lug sets to the `lua/` folders of the config directory and of each plugin (`require("foo.bar")` finds `lua/foo/bar.lua` or `lua/foo/bar/init.lua`). `require("lug")` returns the lug table.
---@param modname string
---@return any module
function require(modname) end

---`select(n, ...)`: the arguments from the n-th on; `select("#", ...)`: how many there are.
---@param n integer|"#"
---@param ... any
---@return any ...
function select(n, ...) end

---Set a table's metatable (nil removes it); returns the table.
---@param t table
---@param metatable table|nil
---@return table
function setmetatable(t, metatable) end

---Convert to a number (nil if it cannot); with `base`, parse an integer numeral in that base (2–36).
---@param e any
---@param base? integer
---@return number|nil
function tonumber(e, base) end

---A string for any value (uses `__tostring`).
---@param v any
---@return string
function tostring(v) end

---The type's name: "nil", "number", "string", "boolean", "table", "function", "thread" or "userdata".
---@param v any
---@return string
function type(v) end

---Like pcall, with a message handler `msgh` (debug.traceback, say) called on the error.
---@param f function
---@param msgh function
---@param ... any
---@return boolean ok
---@return any ...
function xpcall(f, msgh, ...) end

---String functions, also callable as methods: `s:upper()`. Lua patterns are not regular expressions: `%d` digit, `%a` letter, `%s` space, `%w` alphanumeric, `%p` punctuation, `.` any byte, `*` `+` `-` (shortest) `?` repetition, `^` `$` anchors, `[...]` sets, `%` escapes magic characters `^$()%.[]*+-?`. No alternation (`|`).
---@class string
string = {}

---The bytes s[i..j] as numbers.
---@param s string
---@param i? integer
---@param j? integer
---@return integer ...
function string.byte(s, i, j) end

---A string of the given bytes.
---@param ... integer
---@return string
function string.char(...) end

---The bytecode of a Lua function, as a string.
---@param f function
---@param strip? boolean
---@return string
function string.dump(f, strip) end

---Find the first match of `pattern` in `s` from `init`: start and end index, then captures; nil if none. `plain` = true searches for the text literally.
---@param s string
---@param pattern string
---@param init? integer
---@param plain? boolean
---@return integer|nil start
---@return integer|nil finish
---@return string ...
function string.find(s, pattern, init, plain) end

---Format like C's printf: `%d`, `%5.2f`, `%s`, `%q` (a Lua literal), `%x`, `%%`.
---@param fmt string
---@param ... any
---@return string
function string.format(fmt, ...) end

---An iterator over the matches of `pattern`: `for word in s:gmatch("%a+") do … end`.
---@param s string
---@param pattern string
---@return fun(): string ...
function string.gmatch(s, pattern) end

---Replace matches of `pattern` with `repl` (a string with %1…%9 for captures, a table looked up by the match, or a function called with the captures); `n` limits the replacements. Returns the new string and the count. A replacement function cannot wait (no lug.ui.confirm inside).
---@param s string
---@param pattern string
---@param repl string|table|function
---@param n? integer
---@return string
---@return integer count
function string.gsub(s, pattern, repl, n) end

---The length in bytes (not characters: see utf8.len).
---@param s string
---@return integer
function string.len(s) end

---Lower case (ASCII letters).
---@param s string
---@return string
function string.lower(s) end

---The captures of the first match of `pattern` (or the whole match); nil if none.
---@param s string
---@param pattern string
---@param init? integer
---@return string|nil ...
function string.match(s, pattern, init) end

---Pack values into a binary string with a format (`i4`, `s`, `z`, `<`, `>`).
---@param fmt string
---@param ... any
---@return string
function string.pack(fmt, ...) end

---The size of a string.pack format.
---@param fmt string
---@return integer
function string.packsize(fmt) end

---`s` repeated `n` times, joined by `sep`.
---@param s string
---@param n integer
---@param sep? string
---@return string
function string.rep(s, n, sep) end

---The bytes in reverse order.
---@param s string
---@return string
function string.reverse(s) end

---The substring from byte i to byte j (negative counts from the end).
---@param s string
---@param i integer
---@param j? integer
---@return string
function string.sub(s, i, j) end

---Unpack values packed by string.pack.
---@param fmt string
---@param s string
---@param pos? integer
---@return any ...
function string.unpack(fmt, s, pos) end

---Upper case (ASCII letters).
---@param s string
---@return string
function string.upper(s) end

---Functions on lists (tables with keys 1..n).
---@class table
table = {}

---Join the list's strings (or numbers) with `sep`.
---@param list table
---@param sep? string
---@param i? integer
---@param j? integer
---@return string
function table.concat(list, sep, i, j) end

---Append `value`, or insert it at `pos` shifting the rest up.
---@param list table
---@param pos integer|any
---@param value? any
function table.insert(list, pos, value) end

---Copy a1[f..e] into a2 (default a1) from position t.
---@param a1 table
---@param f integer
---@param e integer
---@param t integer
---@param a2? table
---@return table a2
function table.move(a1, f, e, t, a2) end

---A list of the arguments, with `n` set to their number.
---@param ... any
---@return table
function table.pack(...) end

---Remove and return the element at `pos` (default the last), shifting the rest down.
---@param list table
---@param pos? integer
---@return any
function table.remove(list, pos) end

---Sort the list in place, with `<` or with `comp(a, b)` (true when a comes first). The comparator cannot wait: no lug.ui.confirm or lug.proc.run inside it.
---@param list table
---@param comp? fun(a: any, b: any): boolean
function table.sort(list, comp) end

---The list's elements list[i..j] as values.
---@param list table
---@param i? integer
---@param j? integer
---@return any ...
function table.unpack(list, i, j) end

---Mathematics. Integers are 32-bit in lug (math.maxinteger = 2147483647); whole numbers beyond that are floats. Also `math.pi`, `math.huge`, `math.maxinteger`, `math.mininteger`.
---@class math
math = {}

---@param x number
---@return number
function math.abs(x) end
---@param x number
---@return number
function math.acos(x) end
---@param x number
---@return number
function math.asin(x) end
---@param y number
---@param x? number
---@return number
function math.atan(y, x) end
---Round up to an integer.
---@param x number
---@return integer
function math.ceil(x) end
---@param x number
---@return number
function math.cos(x) end
---Radians to degrees.
---@param x number
---@return number
function math.deg(x) end
---@param x number
---@return number
function math.exp(x) end
---Round down to an integer.
---@param x number
---@return integer
function math.floor(x) end
---The remainder of x / y rounded towards zero.
---@param x number
---@param y number
---@return number
function math.fmod(x, y) end
---@param x number
---@param base? number
---@return number
function math.log(x, base) end
---@param x number
---@param ... number
---@return number
function math.max(x, ...) end
---@param x number
---@param ... number
---@return number
function math.min(x, ...) end
---The integral and fractional parts.
---@param x number
---@return number
---@return number
function math.modf(x) end
---Degrees to radians.
---@param x number
---@return number
function math.rad(x) end
---A float in [0,1); an integer in [1,m] or [m,n].
---@param m? integer
---@param n? integer
---@return number
function math.random(m, n) end
---@param x? number
function math.randomseed(x) end
---@param x number
---@return number
function math.sin(x) end
---@param x number
---@return number
function math.sqrt(x) end
---@param x number
---@return number
function math.tan(x) end
---The value as an integer if it is one (and fits 32 bits), else nil.
---@param x any
---@return integer|nil
function math.tointeger(x) end
---"integer", "float", or nil for a non-number.
---@param x any
---@return string|nil
function math.type(x) end
---Unsigned comparison m < n.
---@param m integer
---@param n integer
---@return boolean
function math.ult(m, n) end

---UTF-8 strings: lug's strings cross to and from JavaScript as UTF-8. Also `utf8.charpattern`, the pattern of one UTF-8 character.
---@class utf8
utf8 = {}

---A string of the given code points.
---@param ... integer
---@return string
function utf8.char(...) end
---The code points of s[i..j].
---@param s string
---@param i? integer
---@param j? integer
---@return integer ...
function utf8.codepoint(s, i, j) end
---Iterate over positions and code points: `for p, c in utf8.codes(s) do … end`.
---@param s string
---@return function
function utf8.codes(s) end
---The number of characters, or nil and the position of the first invalid byte.
---@param s string
---@param i? integer
---@param j? integer
---@return integer|nil
function utf8.len(s, i, j) end
---The byte position of the n-th character.
---@param s string
---@param n integer
---@param i? integer
---@return integer|nil
function utf8.offset(s, n, i) end

---Coroutines. Every call from lug into Lua already runs on its own coroutine; coroutines you create may call functions that wait (lug.ui.confirm, lug.proc.run): the wait passes through them.
---@class coroutine
coroutine = {}

---@param f function
---@return thread
function coroutine.create(f) end
---Whether the running code may yield (false inside table.sort comparators and string.gsub callbacks).
---@return boolean
function coroutine.isyieldable() end
---Start or continue a coroutine: true and what it yielded or returned, or false and the error.
---@param co thread
---@param ... any
---@return boolean ok
---@return any ...
function coroutine.resume(co, ...) end
---The running coroutine and whether it is the main one.
---@return thread
---@return boolean
function coroutine.running() end
---"running", "suspended", "normal" or "dead".
---@param co thread
---@return string
function coroutine.status(co) end
---A function that resumes a new coroutine running `f` each time it is called (errors propagate).
---@param f function
---@return function
function coroutine.wrap(f) end
---Suspend the running coroutine, passing values to resume.
---@param ... any
---@return any ...
function coroutine.yield(...) end

---Operating-system functions. Paths are relative to the project directory.
---@class os
os = {}

---CPU time of lug in seconds.
---@return number
function os.clock() end
---Format a time (default now) like C's strftime: `os.date("%F")` is "2025-01-31", `os.date("!%H:%M")` in UTC, `os.date("*t")` a table.
---@param format? string
---@param time? integer
---@return string|table
function os.date(format, time) end
---t2 - t1 in seconds.
---@param t2 integer
---@param t1 integer
---@return number
function os.difftime(t2, t1) end
---Not available in lug: raises an error pointing to lug.proc.run.
---@param command? string
function os.execute(command) end
---Not available in lug: a plugin cannot end lug. Raise an error instead.
---@param code? integer|boolean
function os.exit(code) end
---A variable of lug's environment, or nil.
---@param name string
---@return string|nil
function os.getenv(name) end
---Delete a file (or an empty directory): true, or nil, message, errno.
---@param filename string
---@return boolean|nil ok
---@return string? message
function os.remove(filename) end
---Rename a file: true, or nil, message, errno.
---@param oldname string
---@param newname string
---@return boolean|nil ok
---@return string? message
function os.rename(oldname, newname) end
---Only the "C" locale.
---@param locale? string
---@param category? string
---@return string|nil
function os.setlocale(locale, category) end
---The current time in seconds (or the time of a date table).
---@param t? table
---@return integer
function os.time(t) end
---Create an empty temporary file (readable only by you) and return its name.
---@return string
function os.tmpname() end

---Files, backed by Node's file system; paths are relative to the project directory. File handles have `read`, `write`, `lines`, `seek`, `close`, `flush` and `setvbuf` (`f:read("a")`). Read formats: "a" (everything), "l" (a line without its newline; the default), "L" (with it), "n" (a number), or a byte count. `io.write`, `io.stdout` and `io.stderr` become notifications; `io.stdin` cannot be read; `io.popen` is not available (use lug.proc.run).
---@class io
io = {}

---Close a file (default: the default output).
---@param file? file*
function io.close(file) end
---Set (with a file name or handle) or get the default input file.
---@param file? string|file*
---@return file*
function io.input(file) end
---Iterate over the lines of a file (default: the default input), closing it at the end: `for line in io.lines("x.txt") do … end`. Other formats can be given as for read.
---@param filename? string
---@param ... string|integer
---@return function
function io.lines(filename, ...) end
---Open a file: mode "r" (default), "w", "a", "r+", "w+", "a+", optionally with "b". Returns the handle, or nil, message, errno.
---@param filename string
---@param mode? string
---@return file*|nil
---@return string? message
function io.open(filename, mode) end
---Set (with a file name or handle) or get the default output file.
---@param file? string|file*
---@return file*
function io.output(file) end
---Not available in lug: raises an error pointing to lug.proc.run.
---@param prog string
---@param mode? string
function io.popen(prog, mode) end
---Read from the default input.
---@param ... string|integer
---@return any ...
function io.read(...) end
---A temporary file opened "w+".
---@return file*
function io.tmpfile() end
---"file", "closed file", or nil when `obj` is not a file.
---@param obj any
---@return string|nil
function io.type(obj) end
---Write to the default output (a notification unless io.output was set to a file).
---@param ... string|number
---@return file*
function io.write(...) end

---Introspection: `debug.traceback()` and `debug.getinfo(f, "S")` are the useful ones. `debug.debug` is not available.
---@class debug
debug = {}

---@return function|nil hook
function debug.gethook() end
---Information about a function or a stack level: source, short_src, currentline, linedefined, name.
---@param f function|integer
---@param what? string
---@return table|nil
function debug.getinfo(f, what) end
---@param level integer
---@param n integer
---@return string|nil name
---@return any value
function debug.getlocal(level, n) end
---@param value any
---@return table|nil
function debug.getmetatable(value) end
---@return table
function debug.getregistry() end
---@param f function
---@param up integer
---@return string|nil name
---@return any value
function debug.getupvalue(f, up) end
---@param u userdata
---@return any
function debug.getuservalue(u) end
---@param hook function
---@param mask string
---@param count? integer
function debug.sethook(hook, mask, count) end
---@param level integer
---@param n integer
---@param value any
---@return string|nil
function debug.setlocal(level, n, value) end
---@param value any
---@param t table|nil
---@return any
function debug.setmetatable(value, t) end
---@param f function
---@param up integer
---@param value any
---@return string|nil
function debug.setupvalue(f, up, value) end
---@param u userdata
---@param value any
---@return userdata
function debug.setuservalue(u, value) end
---A traceback of the call stack, after `message`.
---@param message? string
---@param level? integer
---@return string
function debug.traceback(message, level) end
---@param f function
---@param n integer
---@return any
function debug.upvalueid(f, n) end
---@param f1 function
---@param n1 integer
---@param f2 function
---@param n2 integer
function debug.upvaluejoin(f1, n1, f2, n2) end

---Modules: `package.path` (set by lug to the `lua/` folders of the config directory and the plugins), `package.loaded` (modules already loaded), `package.preload`, `package.searchers`.
---@class package
package = {}

---Search `path` (default package.path) for `name`, as require does; returns the file name or nil and where it looked.
---@param name string
---@param path string
---@param sep? string
---@param rep? string
---@return string|nil
---@return string? tried
function package.searchpath(name, path, sep, rep) end
