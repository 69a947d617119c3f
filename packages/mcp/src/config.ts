/** The configuration half of @lug/mcp, without the SDK: what every start reads. */
export * from './server-config.js';
export { parseMcpJson, readMcpJson, serverFromEntry, type McpJsonResult } from './mcp-json.js';
export { ConfiguredServers, McpConfigError, serverFromLua, type LuaServerSpec } from './configured-servers.js';
export { ProjectTrust, trustQuestion, configDigest } from './project-trust.js';
export * from './server-status.js';
