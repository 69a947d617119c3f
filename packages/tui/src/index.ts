export { startTui, type StartTuiOptions } from './start-tui.js';
export { probeLocalModels, noModelMessage, foundMessage, parseModelList, LOCAL_SERVER_PORTS, type LocalServer, type ProbeOptions } from './probe.js';
export { defineTuiOptions, TUI_OPTIONS, STATUSLINE_OPTION } from './options.js';
export type { StatuslineContext, StatuslineFn, StatusInfo } from './status-line.js';
export { TuiController, type TuiControllerOptions, type ControllerSnapshot } from './controller.js';
export { App, type AppProps } from './app.js';
export { ApprovalDialog, type ApprovalDialogProps } from './approval-dialog.js';
export { InputBox, type InputBoxProps } from './input-box.js';
export { InputStore } from './input-store.js';
export { StatusLine, type StatusLineProps } from './status-line.js';
export { PromptHistory } from './history.js';
export { keyNotation } from './key-notation.js';
export { createMarkdownRenderer, type MarkdownRenderer } from './markdown.js';
export { registerTuiCommands } from './commands.js';
export { summarize, type CallView, type CallState } from './call-views.js';
export type {
  TuiSession,
  TurnResult,
  TuiApprovals,
  ApprovalQueueView,
  ApprovalCall,
  DialogAnswer,
  PendingApproval,
  Preview,
  LuaRunner,
  LuaSourceResult,
  ProcessCounts,
  FileLister,
  TuiSessionStore,
} from './contracts.js';
export type { HealthLine, HealthSection } from './checkhealth-command.js';
