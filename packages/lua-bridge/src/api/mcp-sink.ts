/** Where lug.mcp hands its servers: an interface, so the bridge does not depend on @lug/mcp. */

/** A server as lug.mcp.add gives it: a command (stdio) or a url (HTTP). */
export interface McpServerSpec {
  command?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  timeout?: number;
}

/** Where lug.mcp's servers go: @lug/mcp's ConfiguredServers in the CLI. `add` throws with what is wrong. */
export interface McpConfigSink {
  add(name: string, spec: McpServerSpec, source: string): void;
  remove(name: string): boolean;
}
