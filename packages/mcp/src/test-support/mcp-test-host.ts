/** A real host, a session on the in-process scripted provider, and an McpManager: tool calls go the whole way a model's do. */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createHost, Session, type AuthorizeRequest, type LugHost, type ToolResultPart } from '@lug/core';
import { scriptedProvider, text, toolCall, turn, waitUntil } from '@lug/testing';
import { spawnProcess } from '@lug/tools';
import { McpManager, type McpManagerOptions } from '../mcp-manager.js';
import type { ConfiguredServer, ServerConfig } from '../server-config.js';

const require = createRequire(import.meta.url);

/** The reference server's command (installed from npm as a devDependency). */
export function everythingServer(...args: string[]): string[] {
  return [process.execPath, require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), ...(args.length ? args : ['stdio'])];
}

export function filesystemServer(dir: string): string[] {
  return [process.execPath, require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), dir];
}

export const MISBEHAVING = [process.execPath, fileURLToPath(new URL('./misbehaving-server.mjs', import.meta.url))];

export function configured(name: string, config: ServerConfig, project = false): ConfiguredServer {
  return { name, config, source: 'test', project };
}

export interface McpTestHost {
  host: LugHost;
  manager: McpManager;
  /** Every call the authorizer was asked about. */
  asked: AuthorizeRequest[];
  /** Run one tool call as a model would make it; resolves to its result as the model gets it. */
  call(name: string, args: Record<string, unknown>, opts?: { signal?: AbortSignal; session?: (s: Session) => void }): Promise<ToolResultPart>;
  close(): Promise<void>;
}

export function mcpTestHost(cwd: string, servers: ConfiguredServer[], options: Partial<McpManagerOptions> = {}): McpTestHost {
  const asked: AuthorizeRequest[] = [];
  const host = createHost({
    cwd,
    env: {},
    authorize: async (call) => {
      asked.push(call);
      return { allow: true, by: 'test' };
    },
  });
  const manager = new McpManager(host, { spawnProcess, ...options });
  // The host keeps the provider it made: it hands each request to the current call's script.
  let script = scriptedProvider([]);
  host.providers.register({ name: 'test', create: () => ({ name: 'test', stream: (request, signal) => script.stream(request, signal) }) });
  host.options.set('model', 'test/m1');
  for (const s of servers) manager.add(s);
  return {
    host,
    manager,
    asked,
    async call(name, args, opts = {}) {
      script = scriptedProvider([turn(toolCall(name, args)), text('done')]);
      const session = new Session(host, { systemPrompt: 'SYSTEM' });
      opts.session?.(session);
      const end = await session.submit('go');
      const results = session.messages.find((m) => m.role === 'tool');
      if (!results || results.role !== 'tool') throw new Error(`no tool result: the turn ended ${JSON.stringify(end)}; ${JSON.stringify(session.messages)}`);
      return results.results[0]!;
    },
    close: () => manager.close(),
  };
}

/** Poll until `fn` is true, for at most `ms` (@lug/testing's waitUntil, in this package's argument order). */
export function until(fn: () => boolean, ms = 20_000, what = 'the condition'): Promise<void> {
  return waitUntil(fn, what, ms);
}
