// Rewrites esbuild's `__toESM` helper in each CommonJS bundle of dist/ so that
// a module required from many places is wrapped once, not once a place.
//
// Why: esbuild turns every `import x from 'cjs-module'` into
// `__toESM(require('cjs-module'), 1)`, which makes a new object and defines a
// getter on it for each of the module's properties. lug.cjs does that 37
// times for React and 12 times for node:process, among others: 2.6 ms of the
// interface's way to its first screen went to those copies, 0.7 ms with each
// module wrapped once (CPU profiles of 8 starts each, the first 75 ms).
//
// A wrapper is kept for the module object it was made from, and made again
// when the module has gained or lost properties since (a module required
// while it is still being defined, in a cycle, has only part of its exports
// then): so a wrapper always has the names a fresh one would have, and its
// getters read the module's values as they are. Only the calls in node mode
// (esbuild's `, 1`, every call in these bundles) are kept. It can go when
// esbuild shares its interop wrappers.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundlesIn } from './ascii-bundles.mjs';

/** esbuild 0.2x's helper, as it writes it at the top of a bundle that needs it. */
const ESBUILD_TO_ESM = 'var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(';

/** The same helper, renamed, behind one that keeps a wrapper a module. */
const TO_ESM_ONCE = `var __toESMOnce = new WeakMap(); /* lug: scripts/interop-once.mjs */
var __toESM = (mod, isNodeMode) => {
  if (!isNodeMode || mod == null || (typeof mod !== "object" && typeof mod !== "function")) return __toESMFresh(mod, isNodeMode);
  const names = __getOwnPropNames(mod).length;
  let kept = __toESMOnce.get(mod);
  if (kept === undefined || kept.names !== names) __toESMOnce.set(mod, kept = { names, wrapper: __toESMFresh(mod, isNodeMode) });
  return kept.wrapper;
};
var __toESMFresh = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(`;

/**
 * `text` with esbuild's helper replaced; a bundle without the helper is returned as it was. One that names
 * `__toESM` in another form (a new esbuild) is refused, naming the file, so the build says what to update.
 */
export function interopOnce(text, name = 'the bundle') {
  if (text.includes('var __toESMOnce = ')) return text;
  const at = text.indexOf(ESBUILD_TO_ESM);
  if (at === -1) {
    if (text.includes('var __toESM = ')) throw new Error(`${name}: esbuild's __toESM is not the one scripts/interop-once.mjs knows; update ESBUILD_TO_ESM there`);
    return text;
  }
  if (text.indexOf(ESBUILD_TO_ESM, at + 1) !== -1) throw new Error(`${name}: more than one __toESM helper`);
  return text.slice(0, at) + TO_ESM_ONCE + text.slice(at + ESBUILD_TO_ESM.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of bundlesIn(fileURLToPath(new URL('../dist', import.meta.url)))) {
    const text = readFileSync(file, 'latin1');
    const once = interopOnce(text, file);
    if (once !== text) writeFileSync(file, once, 'latin1');
  }
}
