export * from './types.js';
export { createApprovals, createHostWithApprovals, type ApprovalsOptions } from './approvals.js';
export { NEEDS_APPROVAL, CANCELLED_BY_USER } from './decider.js';
export { AutoModeRefused } from './modes.js';
export { escapeForTerminal } from './escape.js';
export { splitCommandLine, type BashPart, type CommandLineParts } from './bash-parts.js';
export { diffText } from './preview.js';
export { defaultLogPath, type LogEntry } from './decision-log.js';
