/**
 * The edits lug makes to fengari 0.1.5's sources as esbuild bundles them
 * into dist/fengari.cjs (tsup.config.ts): each a plugin that replaces exact
 * texts in one fengari file and fails the build, naming itself, when a text
 * is missing or found twice (fengari changed). Each says why it is there,
 * what it measured and when it can go. Nothing here runs in lug itself; the
 * whole-bundle passes that follow are in fengari-bundle-passes.ts.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { absentKeys, lazyTableExports, lazyTableFunctions } from './fengari-lazy-patch.js';
import { blockUndumpEdits, wholeBuffer } from './fengari-undump-patch.js';

/**
 * fengari requires two packages at load that lug never uses: `tmp` (os.tmpname,
 * which lug provides itself) and `readline-sync` (debug.debug, which cannot
 * work under lug's interface). Replacing them keeps them off the start-up path.
 */
const stubUnused: Plugin = {
  name: 'stub-unused-fengari-deps',
  setup(b) {
    b.onResolve({ filter: /^(tmp|readline-sync)$/ }, (args) => ({ path: args.path, namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({
      contents:
        args.path === 'tmp'
          ? 'module.exports = { tmpNameSync() { throw new Error("os.tmpname is provided by lug"); } };'
          : 'module.exports = { setDefaultOptions() {}, prompt() { throw new Error("debug.debug is not available in lug"); } };',
      loader: 'js',
    }));
  },
};

/**
 * fengari 0.1.5 keys a string in a table, and orders two strings, by
 * "|" + the hex digits of each byte, unpadded: "\1\0" and "\16" get the same
 * key (one table slot for two strings), and "a\tb" sorts after "a b" (its
 * "9" against "20"). One character per byte (Latin-1) is a key no two
 * strings share, and compares in byte order, as Lua's C `strcmp` does; it
 * is also built natively instead of a `toString(16)` per byte.
 */
const byteOrderStringKeys = replaceIn('fengari-byte-order-string-keys', /[\\/]fengari[\\/]src[\\/]lstring\.js$/, [
  [
    'let s = "|";\n    for (let i=0; i<len; i++)\n        s += str[i].toString(16);\n    return s;',
    // One call for a short string: twice as fast as adding a character at a time (129 ns against 238, keys of 4-36 bytes).
    'if (len < 32) return "|" + String.fromCharCode.apply(null, str);\n    return "|" + Buffer.from(str.buffer, str.byteOffset, len).toString("latin1");',
  ],
]);

/**
 * fengari 0.1.5's lua_pcallk, inside a coroutine, saves `allowhook` with
 * `callstatus &= ~CIST_OAH | allowhook`, which never sets the bit (C Lua:
 * `setoah`, `(callstatus & ~CIST_OAH) | allowhook`). So the first error a
 * pcall catches in a coroutine turns hooks off for the rest of it, and the
 * instruction budget with them: `pcall(error) while true do end` ran for ever
 * (src/lua-budget.test.ts). Can go when fengari saves it as C Lua does.
 */
const savePcallAllowhook: [string, string] = [
  'ci.callstatus &= ~lstate.CIST_OAH | L.allowhook;',
  'ci.callstatus = (ci.callstatus & ~lstate.CIST_OAH) | L.allowhook;',
];

/**
 * fengari 0.1.5 copies every string it is given (lua_pushstring, lua_pushlstring,
 * to_luastring: each a type name, a substring, a key) with
 * `Uint8Array.from`, which walks its argument as an iterable: 94 ns for a
 * 4-36 byte string where `new Uint8Array(a)` copies it in 34 (node 20).
 * fengari only passes arrays and typed arrays here, for which both give the
 * same bytes. With the one-call key above, five rules' bodies (the rules of
 * bench/rules.bench.mjs run on plain tables, in CPU time) went from 6.4 to
 * 5.7 µs (medians of 5 runs alternated with the previous build). Can go when
 * fengari copies with the constructor (or a V8 makes `from` as fast).
 */
const fastStringCopy = replaceIn('fengari-fast-string-copy', /[\\/]fengari[\\/]src[\\/]defs\.js$/, [
  ['luastring_from = Uint8Array.from.bind(Uint8Array);', 'luastring_from = (a) => new Uint8Array(a); /* lug: see fastStringCopy in packages/lua-bridge/src/fengari-patches.ts */'],
]);

/**
 * `lua_internedstring(L, bytes)`: the one Lua string kept for these bytes
 * (`lua_pushinternedstring` pushes it), for names asked for again and again
 * and never changed: a metamethod's name, given to luaL_getmetafield as a
 * constant; a field name of a lazy table (src/lazy-tables.ts, whose bytes
 * luaKey keeps). fengari
 * made a new string of "__tostring" at every `tostring(x)`, copying its bytes
 * and hashing them again for the metatable lookup; `tostring(s)` cost 0.7 µs,
 * most of it there. Only a Uint8Array is kept (a WeakMap keyed by it); a
 * JavaScript string goes through lua_pushstring. Can go when fengari interns
 * its constant names.
 */
const internedStringPush: [string, string] = [
  'module.exports.lua_pushstring        = lua_pushstring;',
  'module.exports.lua_pushstring        = lua_pushstring;\n' +
    'const lugInterned = new WeakMap(); /* lug: see internedStringPush in packages/lua-bridge/src/fengari-patches.ts */\n' +
    'const lua_internedstring = function (L, s) {\n' +
    '    let ts = lugInterned.get(s);\n' +
    '    if (ts === undefined) lugInterned.set(s, ts = luaS_new(L, s));\n' +
    '    return ts;\n' +
    '};\n' +
    'module.exports.lua_internedstring = lua_internedstring;\n' +
    'module.exports.lua_pushinternedstring = function (L, s) {\n' +
    '    if (!(s instanceof Uint8Array)) return lua_pushstring(L, s);\n' +
    '    lobject.pushsvalue2s(L, lua_internedstring(L, s));\n' +
    '    api_check(L, L.top <= L.ci.top, "stack overflow");\n' +
    '};',
];

/**
 * `type(x)` made a new Lua string of the type's name at every call (a copy of
 * "string", "nil"): the names are fengari's constants, so the interned string
 * is pushed (as luaL_getmetafield's event names, above). A rule's
 * `type(args.command) == "string"`. Can go when fengari interns its type names.
 */
const typeNameInterned = replaceIn('fengari-lbaselib-interned-type-names', /[\\/]fengari[\\/]src[\\/]lbaselib\.js$/, [
  [
    '    lua_pushstring(L, lua_typename(L, t));',
    '    require("./lapi.js").lua_pushinternedstring(L, lua_typename(L, t)); /* lug: see typeNameInterned in packages/lua-bridge/src/fengari-patches.ts */',
  ],
]);

const lapiPatches = replaceIn('fengari-lapi', /[\\/]fengari[\\/]src[\\/]lapi\.js$/, [savePcallAllowhook, internedStringPush, lazyTableFunctions]);
const getmetafieldInterned: [string, string] = [
  '        lua_pushstring(L, event);\n        let tt = lua_rawget(L, -2);',
  '        require("./lapi.js").lua_pushinternedstring(L, event); /* lug: see internedStringPush in packages/lua-bridge/src/fengari-patches.ts */\n        let tt = lua_rawget(L, -2);',
];
// lua.js names what `lua` offers one by one.
const luaExports = replaceIn('fengari-lua-exports', /[\\/]fengari[\\/]src[\\/]lua\.js$/, [
  [
    'module.exports.lua_pushstring          = lapi.lua_pushstring;',
    'module.exports.lua_pushstring          = lapi.lua_pushstring;\nmodule.exports.lua_internedstring      = lapi.lua_internedstring;\nmodule.exports.lua_pushinternedstring  = lapi.lua_pushinternedstring;',
  ],
  lazyTableExports,
]);

/**
 * fengari 0.1.5's plain `string.find` (and `find` without special characters)
 * looks for the first byte with `indexOf` and compares a fresh subarray at
 * each candidate; on a 20 KB edit a rule's `args.new_string:find("rm -rf", 1,
 * true)` made a `subarray` per "r". Buffer's `indexOf` searches natively; in
 * a short string (at most SHORT_FIND bytes from init) a loop in JavaScript
 * does, which costs a tenth of the two Buffers and the native call (0.05
 * against 0.4-0.5 µs for 22 bytes; the loop passes Buffer near 140 bytes).
 * And `find` searches from init in place, not in a subarray made for it.
 * Measured by bench/rules.bench.mjs and held by fengari-find.test.ts; it can
 * go with a fengari whose find is native.
 */
const SHORT_FIND = 128;
const nativePlainFind: [string, string] = [
  '    for (; (i = arr.indexOf(subarr[0], i)) !== -1; i++) {\n        if (luastring_eq(arr.subarray(i, i+sl), subarr))\n            return i;\n    }\n\n    return -1;',
  `    if (arr.length - i <= ${SHORT_FIND}) {
        const first = subarr[0], last = arr.length - sl;
        outer: for (; i <= last; i++) {
            if (arr[i] !== first) continue;
            for (let k = 1; k < sl; k++) if (arr[i + k] !== subarr[k]) continue outer;
            return i;
        }
        return -1;
    }
    return Buffer.from(arr.buffer, arr.byteOffset, arr.length).indexOf(Buffer.from(subarr.buffer, subarr.byteOffset, sl), i);`,
];
const findInPlace: [string, string] = [
  '        let f = find_subarray(s.subarray(init - 1), p, 0);',
  '        let f = find_subarray(s, p, init - 1); /* lug: in place, see nativePlainFind in packages/lua-bridge/src/fengari-patches.ts */\n        if (f > -1) f -= init - 1;',
];

/**
 * Replace each `from` with its `to` in one fengari source file; fail the build,
 * naming the plugin and the text, unless each `from` is there exactly once.
 */
function replaceIn(name: string, file: RegExp, edits: Array<[from: string, to: string]>): Plugin {
  return {
    name,
    setup(b) {
      b.onLoad({ filter: file }, async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [from, to] of edits) {
          const at = source.indexOf(from);
          if (at === -1 || source.indexOf(from, at + 1) !== -1) {
            const what = `${at === -1 ? 'no longer has' : 'has more than one'} ${JSON.stringify(from.trim().split('\n')[0])}`;
            return { errors: [{ text: `fengari changed (${args.path} ${what}): update ${name} in packages/lua-bridge/src/fengari-patches.ts` }] };
          }
          source = source.slice(0, at) + to + source.slice(at + from.length);
        }
        return { contents: source, loader: 'js' };
      });
    },
  };
}

/**
 * A slot on fengari's table objects for what lug keeps about a table: the
 * state of a lazy table (src/lazy-tables.ts), read at every field a rule
 * reads for the first time. Declared in the constructor, so every table has
 * the same shape; a WeakMap keyed by the table was 16% of a Lua rule's time
 * (inserting into it, and the garbage it made: bench/rules.bench.mjs). It
 * can go if fengari gives tables an embedder's slot of its own.
 */
const tableSlot: [string, string] = [
  '        this.flags = ~0;\n    }\n}',
  '        this.flags = ~0;\n        this.lug = void 0; /* lug: see tableSlot in packages/lua-bridge/src/fengari-patches.ts */\n    }\n}',
];

/**
 * fengari 0.1.5 makes two Maps for every table: its entries, and the entries
 * removed during a traversal (`dead_strong`, kept so `next` can go on from a
 * removed key), emptied at every insertion. The second is made when a key is
 * first removed and dropped at an insertion, as `dead_weak` already is: one
 * Map a table (a rule's args, every `{}`) instead of two. The decision of
 * bench/rules.bench.mjs 5% less on the small edit, 2–3% on the 20 KB one.
 * Held by fengari-stack.test.ts; every use of `dead_strong` in fengari 0.1.5
 * is one of these four. Can go when fengari makes the Map when needed.
 */
const lazyDeadKeys: Array<[string, string]> = [
  ['        this.dead_strong = new Map();', '        this.dead_strong = void 0; /* lug: see lazyDeadKeys in packages/lua-bridge/src/fengari-patches.ts */'],
  ['    t.dead_strong.clear();\n    t.dead_weak = void 0;', '    t.dead_strong = void 0;\n    t.dead_weak = void 0;'],
  ['            t.dead_strong.set(hash, e);', '            (t.dead_strong || (t.dead_strong = new Map())).set(hash, e);'],
  [
    'entry = (table.dead_weak && table.dead_weak.get(hash)) || table.dead_strong.get(hash);',
    'entry = (table.dead_weak && table.dead_weak.get(hash)) || (table.dead_strong && table.dead_strong.get(hash));',
  ],
];
const ltablePatches = replaceIn('fengari-ltable', /[\\/]fengari[\\/]src[\\/]ltable\.js$/, [tableSlot, ...lazyDeadKeys]);

/**
 * fengari 0.1.5 makes a new CallInfo for every call (a Lua function, a library
 * function such as `tostring` or `s:sub`) and drops it at the return
 * (`L.ci.next = null` in luaD_poscall). C Lua keeps the list and takes the
 * next one at the next call (`next_ci`): the same here, so a rule's call and
 * the library calls in its body make no garbage. What C Lua leaves in a reused
 * CallInfo fengari leaves too: luaD_precall sets every field a call reads, and
 * the continuation fields are set where they are used (lua_callk, lua_pcallk,
 * lua_yieldk), as in C. `extra` is declared so every CallInfo has one shape.
 * (A tail call still drops the list below it, lvm.js's `oci.next = null`.)
 * A pooled coroutine that recursed deep keeps only a few of them
 * (trimCallInfos in src/lua-vm.ts). With the interned keys of lazy tables,
 * five Lua rules 20.1–20.4 → 18.4–19.0 µs on bench/rules.bench.mjs's small
 * edit. Held by fengari-stack.test.ts. Can go when fengari reuses its
 * CallInfo list.
 */
const reuseCallInfo = replaceIn('fengari-reuse-callinfo', /[\\/]fengari[\\/]src[\\/]lstate\.js$/, [
  [
    'const luaE_extendCI = function(L) {\n    let ci = new CallInfo();\n    L.ci.next = ci;\n    ci.previous = L.ci;\n    ci.next = null;\n    L.ci = ci;\n    return ci;\n};',
    'const luaE_extendCI = function(L) { /* lug: see reuseCallInfo in packages/lua-bridge/src/fengari-patches.ts */\n    let ci = L.ci.next;\n    if (ci === null) {\n        ci = new CallInfo();\n        L.ci.next = ci;\n        ci.previous = L.ci;\n        ci.next = null;\n    }\n    L.ci = ci;\n    return ci;\n};',
  ],
  ['        this.callstatus = NaN;\n    }', '        this.callstatus = NaN;\n        this.extra = NaN;\n    }'],
]);
/** Lazy tables' absent keys (fengari-lazy-patch.ts). */
const lvmPatches = replaceIn('fengari-lvm', /[\\/]fengari[\\/]src[\\/]lvm\.js$/, [absentKeys]);
const keepCallInfo = replaceIn('fengari-keep-callinfo', /[\\/]fengari[\\/]src[\\/]ldo\.js$/, [
  ['    L.ci = ci.previous;\n    L.ci.next = null;\n    return moveresults(', '    L.ci = ci.previous; /* lug: the CallInfo stays for the next call, see reuseCallInfo in packages/lua-bridge/src/fengari-patches.ts */\n    return moveresults('],
]);

/** Compiled chunks loaded in blocks (src/fengari-undump-patch.ts: why, what it measured, when it can go). */
const blockUndump = replaceIn('fengari-block-undump', /[\\/]fengari[\\/]src[\\/]lundump\.js$/, blockUndumpEdits);
const lauxlibPatches = replaceIn('fengari-lauxlib', /[\\/]fengari[\\/]src[\\/]lauxlib\.js$/, [getmetafieldInterned, wholeBuffer]);

const NUMBER_FORMAT = JSON.stringify(fileURLToPath(new URL('./c-number-format.ts', import.meta.url)));

/**
 * fengari 0.1.5 writes floats with JavaScript's own number text
 * (`String(Number(n.toPrecision(14)))`, and sprintf-js for string.format's
 * %e/%g), not C's %.14g: `tostring(1e15)` was `1000000000000000.0` (Lua 5.3:
 * `1e+15`), `-0.0` was `0.0`, `1/0` was `Infinity` (`inf`), and
 * `string.format("%g", 1e20)` printed every digit. src/c-number-format.ts
 * formats as C does (held by its test and by the Lua 5.3 test files); this
 * can go when fengari formats floats as C.
 */
const cFloatToString = replaceIn('fengari-c-float-tostring', /[\\/]fengari[\\/]src[\\/]luaconf\.js$/, [
  [
    'return String(Number(n.toPrecision(14))); /* should match behaviour of LUA_NUMBER_FMT */',
    `return require(${NUMBER_FORMAT}).luaNumberToString(n);`,
  ],
]);
const cFloatFormat: [string, string] = [
      "let n = luaL_checknumber(L, arg);\n                    addlenmod(form, to_luastring(LUA_INTEGER_FRMLEN, true));\n                    luaL_addstring(b, to_luastring(sprintf(String.fromCharCode(...form), n)));",
      `let n = luaL_checknumber(L, arg);\n                    luaL_addstring(b, to_luastring(require(${NUMBER_FORMAT}).formatFloatSpec(String.fromCharCode(...form), n)));`,
];

/**
 * fengari 0.1.5's `string.sub` makes a view of the bytes (`subarray`) and
 * lua_pushstring copies it into a new array: two objects and a copy for each
 * `s:sub(1, 4)`. Strings are never changed once made, so the view itself is the
 * new string's bytes (lua_lugstring, fengari-lazy-patch.ts), as V8 slices a
 * string: it keeps the whole of `s` alive while it lives. A whole-string sub
 * is `s` itself. Held by fengari-strings.test.ts; it can go when fengari's sub
 * shares bytes.
 */
const subWithoutCopy: [string, string] = [
  '        lua_pushstring(L, s.subarray(start - 1, (start - 1) + (end - start + 1)));',
  '        { /* lug: see subWithoutCopy in packages/lua-bridge/src/fengari-patches.ts */\n' +
    '            const lapi = require("./lapi.js");\n' +
    '            if (start === 1 && end === l) lua_pushvalue(L, 1);\n' +
    '            else lapi.lua_pushlugstring(L, lapi.lua_lugstring(L, s.subarray(start - 1, end)));\n' +
    '        }',
];

/**
 * fengari 0.1.5's `string.match` and `string.find` run every pattern through
 * its general matcher: a MatchState made, then the pattern tried at each
 * position of the subject, a JavaScript call a character. The pattern rules
 * are written with most is literal: `path:match("%.env$")`, `cmd:find("^sudo ")`.
 * A pattern made only of literal characters and `%`-escaped punctuation, with
 * an optional `^` first and `$` last, is looked for as bytes (at init, at the
 * end, or with the plain find above); anything else (a class, a set, a
 * quantifier, a capture, `%b`, `%f`, a lone `%`) takes the matcher, which also
 * raises the errors of a malformed pattern. What a pattern is, is worked out
 * once for its bytes (a WeakMap: a rule's pattern is a constant, the same
 * bytes at every call). The answers are the matcher's: held
 * by fengari-pattern.test.ts against a byte-by-byte reference, and by the Lua
 * 5.3 test suite's pm.lua. It can go when fengari matches literals natively.
 */
const literalPatterns: [string, string] = [
  'const str_find_aux = function(L, find) {',
  `/* lug: see literalPatterns in packages/lua-bridge/src/fengari-patches.ts */
const lugLiteralPatterns = new WeakMap(); /* a pattern's bytes (a constant's are the same array at every call) -> its literal, or null */
const lugLiteralPattern = function(p, lp) {
    let lit = lugLiteralPatterns.get(p);
    if (lit === undefined) lugLiteralPatterns.set(p, lit = lugLiteralOf(p, lp));
    return lit;
};
const lugLiteralOf = function(p, lp) {
    let i = 0, e = lp, start = false, end = false;
    if (p[0] === 94 /* ^ */) { start = true; i = 1; }
    if (e > i && p[e - 1] === 36 /* $ */) {
        let k = e - 2, escapes = 0;
        while (k >= i && p[k] === 37 /* % */) { escapes++; k--; }
        if (escapes % 2 === 0) { end = true; e--; }
    }
    const out = new Uint8Array(e - i);
    let n = 0;
    for (; i < e; i++) {
        const c = p[i];
        if (c === 37 /* % */) {
            if (i + 1 >= e) return null;
            const d = p[++i];
            if ((d >= 48 && d <= 57) || (d >= 65 && d <= 90) || (d >= 97 && d <= 122)) return null;
            out[n++] = d;
        } else if (c === 94 || c === 36 || c === 42 || c === 43 || c === 63 || c === 46 || c === 40 || c === 41 || c === 91 || c === 93 || c === 45) {
            return null; /* ^ $ * + ? . ( ) [ ] - */
        } else out[n++] = c;
    }
    return n === 0 ? null : { bytes: out.slice(0, n), start, end };
};
/* whether the bytes b are in s at pos (pos at or after from, and all of b inside s) */
const lugBytesAt = function(s, ls, b, pos, from) {
    if (pos < from || pos + b.length > ls) return false;
    for (let k = 0; k < b.length; k++) if (s[pos + k] !== b[k]) return false;
    return true;
};
const lugLiteralMatch = function(L, s, ls, init, lit, find) {
    const b = lit.bytes, n = b.length, from = init - 1;
    let at = -1;
    if (lit.start) { if ((!lit.end || from + n === ls) && lugBytesAt(s, ls, b, from, from)) at = from; }
    else if (lit.end) { if (lugBytesAt(s, ls, b, ls - n, from)) at = ls - n; }
    else at = find_subarray(s, b, from);
    if (at < 0) { lua_pushnil(L); return 1; }
    if (find) { lua_pushinteger(L, at + 1); lua_pushinteger(L, at + n); return 2; }
    /* the match shares the subject's bytes, as string.sub does (subWithoutCopy) */
    const lapi = require("./lapi.js");
    lapi.lua_pushlugstring(L, lapi.lua_lugstring(L, s.subarray(at, at + n)));
    return 1;
};
const str_find_aux = function(L, find) {`,
];
const literalPatternsUsed: [string, string] = [
  '        let ms = new MatchState(L);\n        let s1 = init - 1;',
  '        const lit = lugLiteralPattern(p, lp); /* lug: see literalPatterns in packages/lua-bridge/src/fengari-patches.ts */\n        if (lit !== null) return lugLiteralMatch(L, s, ls, init, lit, find);\n        let ms = new MatchState(L);\n        let s1 = init - 1;',
];

/** string.format's floats and plain find (above) are both in lstrlib.js: one plugin may load a file. */
const lstrlibPatches = replaceIn('fengari-lstrlib', /[\\/]fengari[\\/]src[\\/]lstrlib\.js$/, [nativePlainFind, findInPlace, cFloatFormat, subWithoutCopy, literalPatterns, literalPatternsUsed]);

/**
 * fengari 0.1.5's os.date parses the leading `!` (UTC) but then formats the
 * local time, with the `!` in the text (`os.date("!%H:%M", 0)` was
 * "!01:00" in Paris), and never sets `isdst` in `os.date("*t")`. Patched:
 * the format starts after the `!`, and is given a date whose local fields are
 * the UTC ones; `isdst` is set (true when the date's offset is less than the
 * larger of January's and July's). Can go when fengari's os.date honours `!`.
 */
const osDateUtc: Array<[string, string]> = [
  ['strftime(L, b, s, stm);', 'strftime(L, b, s.subarray(i), utc ? new Date(stm.getTime() + stm.getTimezoneOffset() * 60000) : stm);'],
  [
    '// setboolfield(L, "isdst", time.get);',
    'lua_pushboolean(L, !utc && time.getTimezoneOffset() < Math.max(new Date(time.getFullYear(), 0, 1).getTimezoneOffset(), new Date(time.getFullYear(), 6, 1).getTimezoneOffset()));\n    lua_setfield(L, -2, to_luastring("isdst", true));',
  ],
];

/**
 * fengari 0.1.5's loslib loads `child_process` at its top level for os.execute,
 * which lug replaces (stdlib/os.ts refuses it); loading it took ~1.9 ms of
 * `lug -p`'s start-up (CPU profiles of 5 runs), the only load of it before the
 * first request. Loaded at os.execute's first call instead. Can go when fengari
 * loads it lazily.
 */
const lazyChildProcess: [string, string] = [
  "    const child_process = require('child_process');",
  "    const child_process = { execSync: (...args) => require('child_process').execSync(...args) }; /* lug: see lazyChildProcess in packages/lua-bridge/src/fengari-patches.ts */",
];
const loslibPatches = replaceIn('fengari-loslib', /[\\/]fengari[\\/]src[\\/]loslib\.js$/, [...osDateUtc, lazyChildProcess]);

/** Every plugin above, in the order the bundle applies them. */
export const fengariPatches: Plugin[] = [stubUnused, byteOrderStringKeys, fastStringCopy, lapiPatches, lauxlibPatches, typeNameInterned, luaExports, lstrlibPatches, cFloatToString, loslibPatches, ltablePatches, reuseCallInfo, keepCallInfo, lvmPatches, blockUndump];
