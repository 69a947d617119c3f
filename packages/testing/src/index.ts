export {
  text,
  toolCall,
  turn,
  httpError,
  cut,
  hangUp,
  streamError,
  delay,
  raw,
  splitText,
  splitFragments,
  type Scenario,
  type ScenarioEntry,
  type Step,
  type DynamicStep,
  type TurnStep,
  type HttpErrorStep,
  type CutStep,
  type HangUpStep,
  type StreamErrorStep,
  type ReplyPart,
  type TextReply,
  type ToolCallReply,
  type ToolCallOptions,
  type TurnOptions,
  type HttpErrorOptions,
  type CutOptions,
  type ScriptedStop,
  type ScriptedUsage,
  type RecordedRequest,
} from './scenario.js';
export {
  startScriptedServer,
  scriptedServers,
  type ScriptedServer,
  type ScriptedServers,
  type ScriptedServerOptions,
  type RouteAnswer,
} from './scripted-server.js';
export { toolsOf, systemPromptOf, toolResultsOf } from './request-contents.js';
export { anthropicFixture, ANTHROPIC_FIXTURES_DIR } from './anthropic-fixtures.js';
export { anthropicStream, type AnthropicBlock, type AnthropicStreamOptions } from './anthropic-wire.js';
export { replay, loadRawResponse, parseRawResponse, rawPieces, type RawResponse, type RawStep, type ReplayOptions } from './raw-replay.js';
export { runTool, previewTool, describeTool, toolContext, type RunToolOptions, type ToolRunResult, type ToolContextOptions } from './tool-kit.js';
export { scriptedProvider, type ScriptedProvider, type ScriptedProviderOptions, type ProviderStep } from './scripted-provider.js';
export { tempProject, tempDirs, type TempProject, type TempDirs } from './temp-project.js';
export {
  readToolsPage,
  parseToolsPage,
  pageSchema,
  toolPageDifferences,
  type PageTool,
  type PageArgument,
  type CheckedTool,
} from './tools-page.js';
export {
  buildIgnoreTree,
  PROJECT_FILES,
  PROJECT_VISIBLE,
  PLAIN_FILES,
  PLAIN_VISIBLE,
  PLAIN_SUB_VISIBLE,
  type IgnoreTree,
  type IgnoreTreeOptions,
} from './ignore-tree.js';
export { processRunning, sleepsRunning, sleepTag } from './process-running.js';
export { hashTree } from './tree-hash.js';
export { pollUntil, waitUntil } from './poll.js';
export {
  FAST_RETRY,
  READ_TOOL_SPEC,
  modelRequest,
  historyWithToolCalls,
  collectStream,
  textOf,
  eventsOfType,
  assistantMessageOf,
  type StreamResult,
  type CollectStreamOptions,
} from './provider-kit.js';
export { watchFetch, watchPreconnect, type FetchWatch, type PreconnectWatch } from './watch-fetch.js';
