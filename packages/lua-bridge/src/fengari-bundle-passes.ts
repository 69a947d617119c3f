/**
 * Passes over the whole of dist/fengari.cjs once esbuild has written it
 * (tsup.config.ts): edits made at many places at once, each failing the
 * build unless it finds exactly as many places as fengari 0.1.5 has.
 * Nothing here runs in lug itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * fengari 0.1.5 empties a stack slot with `delete L.stack[i]` (29
 * places: every call's return, every API pop). On an array longer than 64,
 * V8 turns an array with holes made by `delete` into a dictionary, so a
 * coroutine whose stack once grew past that ran every later call on a hash
 * table: `moveresults` and `adjust_top` were the top of a profile of five
 * Lua rules. Writing `undefined` empties the slot the same way (fengari only
 * reads slots below the top, and assigns before it reads) and keeps the
 * array an array. A Lua loop of function calls (`pairs`, `select`, `sub`) ran
 * 8,700–10,700 ms before and 2,300–3,000 ms after, alternated in one minute
 * at load ≈ 25; held by fengari-stack.test.ts. It can go when fengari clears
 * slots without `delete`.
 */
export function keepStacksArrays(file: string): void {
  const source = readFileSync(file, 'utf8');
  let count = 0;
  const patched = source.replace(/delete (L|from)\.stack\[([^\]\n]+)\];/g, (_m, who: string, index: string) => {
    count++;
    return `${who}.stack[${index}] = void 0;`;
  });
  if (count !== 29) throw new Error(`fengari changed (${file}): keepStacksArrays found ${count} stack deletes; update it in packages/lua-bridge/src/fengari-bundle-passes.ts`);
  writeFileSync(file, patched);
}

/**
 * fengari 0.1.5 checks its internal invariants at run time: `lua_assert(cond)`
 * (llimits.js) at 93 places, many on every call and table access (`a
 * instanceof TString`, `L.nCcalls === …`, `ci.top <= L.stack_last`). C Lua
 * compiles them out unless it is built to debug Lua itself (LUAI_ASSERT); so
 * does this bundle: each `lua_assert(…);` statement becomes `;` (every
 * condition is free of side effects; `lualib.lua_assert`, already a no-op in
 * fengari, is left alone). The API's own checks (api_check: "stack overflow",
 * "table expected") stay. Five Lua rules' bodies in a Lua loop about 3%
 * faster, the decision of bench/rules.bench.mjs 2–5%. Fails the build unless
 * it finds fengari 0.1.5's 93. Can go when fengari compiles its asserts out.
 */
export function stripAsserts(file: string): void {
  const source = readFileSync(file, 'utf8');
  const call = /(?<![\w.$])lua_assert\(/g;
  let out = '';
  let from = 0;
  let count = 0;
  for (let m = call.exec(source); m; m = call.exec(source)) {
    let i = call.lastIndex;
    let depth = 1;
    let quote = '';
    for (; depth > 0; i++) {
      const c = source[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    let end = i;
    while (source[end] === ' ' || source[end] === '\t') end++;
    if (source[end] !== ';') throw new Error(`fengari changed (${file}): a lua_assert that is not a statement; update stripAsserts in packages/lua-bridge/src/fengari-bundle-passes.ts`);
    out += source.slice(from, m.index) + ';';
    from = call.lastIndex = end + 1;
    count++;
  }
  if (count !== 93) throw new Error(`fengari changed (${file}): stripAsserts found ${count} lua_assert statements; update it in packages/lua-bridge/src/fengari-bundle-passes.ts`);
  writeFileSync(file, out + source.slice(from));
}
