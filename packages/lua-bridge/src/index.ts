/**
 * @lug/lua-bridge: Lua 5.3 (fengari) inside lug. One state per process with
 * the `lug` global; start-up loads lua/basic.lug, then the user's init.lua,
 * then plugins; lug.docs searches the annotations in lua/docs/.
 */
export {
  createLuaRuntime,
  defaultConfigDir,
  type LuaRuntime,
  type LuaRuntimeOptions,
  type LoadReport,
  type LoadError,
  type LoadedFile,
  type LuaRunResult,
  type SourceResult,
} from './runtime.js';
export type { ConfigInfo, PluginInfo } from './api/api-context.js';
export type { McpConfigSink, McpServerSpec } from './api/mcp-sink.js';
export { LuaError } from './lua-error.js';
export { ChunkCache } from './chunk-cache.js';
export { compileStockLua, stockChunkDir } from './compile-chunks.js';
export { fengariBundleFile, type FengariLoader } from './fengari.js';
export { defaultRuntimePath } from './runtime-files.js';
export { DocIndex, readDocsDir } from './docs/doc-index.js';
export type { DocEntry, DocKind, DocParam, DocReturn, DocField } from './docs/parse-annotations.js';
export { renderLuaApiMarkdown } from './docs/render-markdown.js';
export type { ProcessRunner, ProcessOptions, ProcessResult, ProcessHandle } from './process-runner.js';
