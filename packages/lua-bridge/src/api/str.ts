/**
 * lug.str: string helpers, as Neovim's vim.split, vim.trim, vim.startswith
 * and vim.endswith. The separator of split is plain text (never a pattern:
 * use string.gmatch for patterns). Also front_matter: a Markdown file's
 * `key: value` header and body (front-matter.ts), which the stock workflows read.
 */
import type { LuaState } from '../fengari.js';
import type { LuaString } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { typeCheck, STRING } from './checks.js';
import { is, signature } from './validate.js';
import { frontMatter } from './front-matter.js';

/** A string as its bytes (Lua strings are bytes: no UTF-8 round trip). */
const bytes = typeCheck('string', STRING, (vm, L, idx): LuaString => vm.f.lua.lua_tolstring(L, idx)!);

const SPLIT = signature('lug.str.split', [
  ['s', bytes],
  ['sep', bytes.that((b) => b.length > 0, 'a non-empty string')],
  ['opts', is.fields({ trimempty: is.boolean.optional() }).optional({})],
]);
const TRIM = signature('lug.str.trim', [['s', bytes]]);
const STARTSWITH = signature('lug.str.startswith', [['s', bytes], ['prefix', bytes]]);
const ENDSWITH = signature('lug.str.endswith', [['s', bytes], ['suffix', bytes]]);
const FRONT_MATTER = signature('lug.str.front_matter', [['text', is.string]]);

const buf = (b: LuaString) => Buffer.from(b.buffer, b.byteOffset, b.length);
const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);

export function pushStrApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const { lua } = vm.f;
  pushFunctions(vm, L, 'lug.str', {
    front_matter: (Ls) => {
      const [text] = FRONT_MATTER.read(vm, Ls);
      const { fields, body } = frontMatter(text);
      vm.pushJs(Ls, fields);
      vm.pushJs(Ls, body);
      return 2;
    },
    split: (Ls) => {
      const [s, sep, opts] = SPLIT.read(vm, Ls);
      const parts: LuaString[] = [];
      const hay = buf(s);
      let from = 0;
      for (;;) {
        const at = hay.indexOf(buf(sep), from);
        if (at < 0) break;
        parts.push(s.subarray(from, at));
        from = at + sep.length;
      }
      parts.push(s.subarray(from));
      if (opts.trimempty) {
        while (parts.length && parts[0]!.length === 0) parts.shift();
        while (parts.length && parts[parts.length - 1]!.length === 0) parts.pop();
      }
      lua.lua_createtable(Ls, parts.length, 0);
      parts.forEach((p, i) => {
        lua.lua_pushstring(Ls, p);
        lua.lua_rawseti(Ls, -2, i + 1);
      });
      return 1;
    },
    trim: (Ls) => {
      const [s] = TRIM.read(vm, Ls);
      let a = 0;
      let b = s.length;
      while (a < b && isSpace(s[a]!)) a++;
      while (b > a && isSpace(s[b - 1]!)) b--;
      lua.lua_pushstring(Ls, a === 0 && b === s.length ? s : s.subarray(a, b));
      return 1;
    },
    startswith: (Ls) => {
      const [s, prefix] = STARTSWITH.read(vm, Ls);
      lua.lua_pushboolean(Ls, prefix.length <= s.length && buf(s).subarray(0, prefix.length).equals(buf(prefix)));
      return 1;
    },
    endswith: (Ls) => {
      const [s, suffix] = ENDSWITH.read(vm, Ls);
      lua.lua_pushboolean(Ls, suffix.length <= s.length && buf(s).subarray(s.length - suffix.length).equals(buf(suffix)));
      return 1;
    },
  });
}
