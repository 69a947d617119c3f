/** What a configured MCP server is: how to reach it, and where it was configured. No SDK here: this is read on every start. */

export interface StdioServerConfig {
  /** The program and its arguments. */
  command: string[];
  /** Variables added to lug's environment for the server. */
  env?: Record<string, string>;
  /** Where it runs; relative to the project. Default: the project directory. */
  cwd?: string;
  /** Seconds a tool call may take before it is cancelled. Default 120. */
  timeout?: number;
}

export interface HttpServerConfig {
  /** A Streamable HTTP endpoint (an SSE endpoint is tried when it is not one). */
  url: string;
  /** Sent with every request (an API key the server wants). */
  headers?: Record<string, string>;
  timeout?: number;
}

export type ServerConfig = StdioServerConfig | HttpServerConfig;

export interface ConfiguredServer {
  name: string;
  config: ServerConfig;
  /** Where it was configured: "lua:init.lua:3", "/home/me/.config/lug/.mcp.json"… */
  source: string;
  /** Configured by the project (its .mcp.json): asks once before it starts. */
  project: boolean;
}

export const DEFAULT_CALL_TIMEOUT_SECS = 120;

export function isStdio(config: ServerConfig): config is StdioServerConfig {
  return 'command' in config;
}

/** A server's name as it appears in tool names: letters, digits, _ and - only. */
export const SERVER_NAME = /^[a-zA-Z0-9_-]{1,40}$/;

export function checkServerName(name: string): string | undefined {
  if (SERVER_NAME.test(name) && !name.includes('__')) return undefined;
  return `server name "${name}" is not allowed: use 1 to 40 letters, digits, _ and - (no "__"), since it becomes part of tool names (mcp__NAME__tool)`;
}
