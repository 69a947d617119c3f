export * from './types.js';
export { createApprovals, createHostWithApprovals, type ApprovalsOptions } from './approvals.js';
export { NEEDS_APPROVAL, CANCELLED_BY_USER } from './decider.js';
export { AutoModeRefused } from './modes.js';
/** Moved to @lug/core (the headless printer and the interface use it too); still exported here. */
export { escapeForTerminal } from '@lug/core';
export { splitCommandLine, type BashPart, type CommandLineParts } from './bash-parts.js';
export { diffText } from './preview.js';
export { defaultLogPath, type LogEntry } from './decision-log.js';
export { CHECK_USAGE, checkCallFromText, formatRuleCheck } from './rule-check-report.js';
