/**
 * The transports of an HTTP server: Streamable HTTP first, then the older
 * HTTP+SSE transport for servers that do not speak it (the fallback the MCP
 * specification describes for backwards compatibility).
 */
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { HttpServerConfig } from './server-config.js';

export function httpTransports(config: HttpServerConfig, authProvider?: OAuthClientProvider): Array<() => Transport> {
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers ?? {} };
  return [
    () => new StreamableHTTPClientTransport(url, { requestInit, authProvider }),
    () => new SSEClientTransport(url, { requestInit, authProvider }),
  ];
}

export function transportLabel(transport: Transport): string {
  if (transport instanceof StreamableHTTPClientTransport) return 'Streamable HTTP';
  if (transport instanceof SSEClientTransport) return 'HTTP+SSE';
  return 'stdio';
}
