export { createLugAgent, type LugAgent } from './agent.js';
export { serveAcpOverStdio, takeStdout, type StdioOptions } from './stdio.js';
export { SESSION_MODES, approvalModeOf, modeIdOf, type ModeId } from './modes.js';
export { APPROVAL_OPTIONS, CONFIRM_OPTIONS } from './permissions.js';
export type { AcpAgentOptions, AcpLug, ComposeRequest } from './types.js';
export { editorMcpServers, type EditorMcpServer } from './editor-mcp-servers.js';
