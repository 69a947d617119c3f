/**
 * The ES module packages lug shares with what it loads (one instance each,
 * for the bundle and for the packages it requires), each also built as a
 * CommonJS copy, `dist/shared/NAME.cjs` (from `shared/NAME.ts` here), which
 * start.ts runs from a V8 code cache. Node 20 compiles an ES module from its
 * source on every start: importing the first three cost ~21 ms of `lug -p`'s way to
 * its first request, running the copies from their caches ~10 ms
 * (startup/README.md). The paths are relative to dist/.
 */
export const SHARED_BUNDLES: Readonly<Record<string, string>> = {
  '@lug/core': './shared/core.cjs',
  '@lug/approvals': './shared/approvals.cjs',
  '@lug/lua-bridge': './shared/lua-bridge.cjs',
  // The Lua bridge requires it (lug.proc, globs) and so does the bundle: one process registry for both.
  '@lug/tools': './shared/tools.cjs',
};
