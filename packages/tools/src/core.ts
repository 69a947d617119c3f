/**
 * What a tool plugin needs from @lug/core, re-exported so that a plugin
 * depends on @lug/tools alone (plugins → tools → core).
 */
export { ToolError, toolSpec, definePlugin, PluginError, DEFAULT_LIMITS, integerOption } from '@lug/core';
export { truncateOutput, cutLine, cutKeepingStart, cutKeepingEnd, formatCount } from '@lug/core';
export type {
  Tool,
  ToolContext,
  EditorFiles,
  ToolOutput,
  ToolPreview,
  ToolProgress,
  ToolSpec,
  ToolDescription,
  DescribedPath,
  PathAccess,
  ToolKind,
  ToolDetails,
  CommandDetails,
  FileChangeDetails,
  FileReadDetails,
  SearchDetails,
  ListingDetails,
  Plugin,
  LugHost,
  Limits,
  Keep,
  CutResult,
  JsonSchema,
  OptionDef,
} from '@lug/core';
