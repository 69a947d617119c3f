/**
 * The MCP servers an editor hands over in `session/new` and `session/load`,
 * in lug's words: a stdio server as its argument list and environment, an
 * HTTP or SSE one as its URL and headers. Whoever composes lug starts them
 * through @lug/mcp like the configured ones (the CLI adds them to its
 * configuration under their names; this package stays below @lug/mcp).
 */
import type { McpServer } from '@agentclientprotocol/sdk';

/** One server as the composition is given it: exactly one of `command` (stdio) and `url` (HTTP, SSE). */
export interface EditorMcpServer {
  name: string;
  command?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
}

const pairs = (list: ReadonlyArray<{ name: string; value: string }> | undefined) => Object.fromEntries((list ?? []).map((p) => [p.name, p.value]));

export function editorMcpServers(servers: readonly McpServer[]): EditorMcpServer[] {
  return servers.map((s) => {
    if ('type' in s && (s.type === 'http' || s.type === 'sse')) return { name: s.name, url: s.url, headers: pairs(s.headers) };
    const stdio = s as Extract<McpServer, { command: string }>;
    return { name: stdio.name, command: [stdio.command, ...(stdio.args ?? [])], env: pairs(stdio.env) };
  });
}
