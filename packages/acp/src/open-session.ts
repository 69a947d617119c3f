/**
 * Opening an ACP session (`session/new`, `session/load`): the project
 * directory checked, a lug composed for it (with the editor's files when it
 * offers them, and the MCP servers it hands over), and what lug said while it started kept for the editor:
 * Lua's notices, init.lua's errors, a damaged session file's repairs.
 */
import * as acp from '@agentclientprotocol/sdk';
import type { ClientCapabilities, McpServer } from '@agentclientprotocol/sdk';
import { SessionNotFoundError, type LugHost } from '@lug/core';
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { AcpSession } from './acp-session.js';
import { editorFiles } from './editor-files.js';
import { editorMcpServers } from './editor-mcp-servers.js';
import type { AcpAgentOptions } from './types.js';

export interface Notice {
  message: string;
  level: 'info' | 'warn' | 'error';
}

export interface OpenRequest extends Pick<AcpAgentOptions, 'compose' | 'log'> {
  client: acp.AgentContext;
  capabilities: ClientCapabilities | undefined;
  cwd: string;
  mcpServers: McpServer[];
  /** session/load: the stored lug session to resume. */
  resume?: string;
}

/** -32002, with the session's id as the protocol asks, and a message that says why. */
export function sessionNotFound(sessionId: string, why = 'no open session has that id'): acp.RequestError {
  return new acp.RequestError(-32002, `Resource not found: session ${JSON.stringify(sessionId)}: ${why}`, { sessionId });
}

function checkCwd(cwd: string): void {
  let isDirectory = false;
  try {
    isDirectory = isAbsolute(cwd) && statSync(cwd).isDirectory();
  } catch {}
  if (!isDirectory) throw acp.RequestError.invalidParams({ cwd }, `cwd must be the absolute path of an existing directory, got ${JSON.stringify(cwd)}`);
}
export async function openSession(r: OpenRequest): Promise<{ session: AcpSession; notices: Notice[] }> {
  checkCwd(r.cwd);
  const early: Notice[] = [];
  let offEarly: (() => void) | undefined;
  const onHost = (host: LugHost) => {
    offEarly = host.events.on('notify', (e) => early.push({ message: e.message, level: e.level }));
  };
  // The session's id is lug's, known once it is composed; the editor's file system is asked only by calls, later.
  let sessionId = r.resume ?? '';
  const files = editorFiles(r.client, r.capabilities, () => sessionId);
  let lug;
  try {
    const mcpServers = editorMcpServers(r.mcpServers);
    lug = await r.compose({ cwd: r.cwd, onHost, ...(r.resume !== undefined ? { resume: r.resume } : {}), ...(files ? { files } : {}), ...(mcpServers.length ? { mcpServers } : {}) });
  } catch (err) {
    if ((err instanceof SessionNotFoundError || (err as Error)?.name === 'SessionNotFoundError') && r.resume !== undefined) throw sessionNotFound(r.resume, (err as Error).message);
    throw acp.RequestError.internalError({ cwd: r.cwd }, `lug could not start: ${(err as Error)?.message ?? String(err)}`);
  } finally {
    offEarly?.();
  }
  const session = new AcpSession(lug, r.client, r.log);
  sessionId = session.id;
  const notices: Notice[] = [
    ...early,
    ...lug.startupErrors.map((message) => ({ message, level: 'error' as const })),
    ...lug.sessionNotices.map((message) => ({ message, level: 'warn' as const })),
  ];
  return { session, notices };
}
