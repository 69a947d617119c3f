export { McpManager, type McpManagerOptions, type ManagedServerStatus } from './mcp-manager.js';
export { ServerConnection, McpCallError, type ServerState, type ServerStatus } from './server-connection.js';
export { LugStdioTransport } from './stdio-transport.js';
export { lugToolName, mcpTool } from './mcp-tool.js';
export { acceptInputSchema, typeListsAsAnyOf } from './input-schema.js';
export { convertToolResult } from './tool-result.js';
export * from './server-config.js';
