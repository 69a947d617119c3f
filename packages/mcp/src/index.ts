export { McpManager, type McpManagerOptions } from './mcp-manager.js';
export * from './server-status.js';
export { ServerConnection, McpCallError } from './server-connection.js';
export { LugStdioTransport, type SpawnProcess } from './stdio-transport.js';
export { lugToolName, mcpTool } from './mcp-tool.js';
export { acceptInputSchema, typeListsAsAnyOf } from './input-schema.js';
export { convertToolResult } from './tool-result.js';
export * from './config.js';
export { promptCommand, promptArguments, promptText, splitWords, PromptArgumentError } from './mcp-prompt.js';
