/**
 * The ACP agent: `initialize`, `session/new`, `session/load`, `session/list`,
 * `session/prompt`, `session/set_mode` and `session/cancel`, each session a
 * lug of its own composed by the caller. The SDK checks every message against
 * the protocol's schema before a handler runs, so a malformed one gets a
 * JSON-RPC error and changes nothing.
 */
import * as acp from '@agentclientprotocol/sdk';
import type { ClientCapabilities, McpServer } from '@agentclientprotocol/sdk';
import { AcpSession } from './acp-session.js';
import { openSession, sessionNotFound, type Notice } from './open-session.js';
import { replayUpdates } from './replay.js';
import type { AcpAgentOptions } from './types.js';

export interface LugAgent {
  app: acp.AgentApp;
  /** What the editor said it can do (`initialize`), once it has said it. */
  clientCapabilities(): ClientCapabilities | undefined;
  /** End every session: cancel its turn, stop serving its questions, free its lug. */
  closeAll(): Promise<void>;
}

/** Sessions a `session/list` answer holds at most; `nextCursor` gives the next ones. */
export const SESSIONS_PER_PAGE = 50;

/** One page of stored sessions; the cursor is where the page starts, as lug wrote it (anything else is an error). */
function listPage(all: Array<{ id: string; cwd: string; mtimeMs: number }>, cursor: string | undefined): acp.ListSessionsResponse {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || (cursor !== undefined && String(start) !== cursor)) {
    throw acp.RequestError.invalidParams({ cursor }, `cursor ${JSON.stringify(cursor)} is not one lug gave: pass the nextCursor of the previous answer, or none for the first page`);
  }
  const page = all.slice(start, start + SESSIONS_PER_PAGE);
  return {
    sessions: page.map((s) => ({ sessionId: s.id, cwd: s.cwd, updatedAt: new Date(s.mtimeMs).toISOString() })),
    ...(start + SESSIONS_PER_PAGE < all.length ? { nextCursor: String(start + SESSIONS_PER_PAGE) } : {}),
  };
}

/** `initialize`'s answer: the protocol lug speaks, what it offers of it, and who it is. */
function initializeAnswer(opts: AcpAgentOptions): acp.InitializeResponse {
  return {
    protocolVersion: acp.PROTOCOL_VERSION,
    agentCapabilities: {
      loadSession: true,
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
      mcpCapabilities: { http: true, sse: true },
      ...(opts.listSessions ? { sessionCapabilities: { list: {} } } : {}),
    },
    agentInfo: { name: 'lug', title: 'lug', version: opts.version },
    authMethods: [],
  };
}

/** `session/load`: the stored session opened (`open`), unless it is open on this connection already, and its conversation told again. */
async function loadSession(
  params: acp.LoadSessionRequest,
  sessions: ReadonlyMap<string, AcpSession>,
  open: () => Promise<{ session: AcpSession; notices: Notice[] }>,
): Promise<acp.LoadSessionResponse> {
  if (sessions.has(params.sessionId)) throw acp.RequestError.invalidRequest({ sessionId: params.sessionId }, `session ${JSON.stringify(params.sessionId)} is already open on this connection`);
  const { session, notices } = await open();
  // The conversation is told again before the response, as the protocol asks.
  await session.send(replayUpdates(session.lug.host, session.lug.session.messages));
  if (notices.length) await session.tell(notices);
  return { modes: session.modes() };
}

export function createLugAgent(opts: AcpAgentOptions): LugAgent {
  const sessions = new Map<string, AcpSession>();
  let capabilities: ClientCapabilities | undefined;

  const open = async (client: acp.AgentContext, cwd: string, mcpServers: McpServer[], resume?: string) => {
    const opened = await openSession({ compose: opts.compose, log: opts.log, client, capabilities, cwd, mcpServers, resume });
    sessions.set(opened.session.id, opened.session);
    return opened;
  };

  const find = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (!session) throw sessionNotFound(sessionId);
    return session;
  };

  const app = acp
    .agent({ name: 'lug' })
    .onRequest('initialize', ({ params }) => {
      capabilities = params.clientCapabilities ?? {};
      return initializeAnswer(opts);
    })
    // lug offers no authentication methods (the model's key comes from the environment); a client that asks anyway is told there is nothing to do.
    .onRequest('authenticate', () => ({}))
    .onRequest('session/new', async ({ params, client }) => {
      const { session, notices } = await open(client, params.cwd, params.mcpServers);
      // After the response, so the editor knows the session its notices belong to.
      if (notices.length) setImmediate(() => void session.tell(notices));
      return { sessionId: session.id, modes: session.modes() };
    })
    .onRequest('session/load', ({ params, client }) => loadSession(params, sessions, () => open(client, params.cwd, params.mcpServers, params.sessionId)))
    .onRequest('session/list', ({ params }) => {
      if (!opts.listSessions) throw acp.RequestError.methodNotFound('session/list');
      return listPage(opts.listSessions(params.cwd ?? undefined), params.cursor ?? undefined);
    })
    .onRequest('session/prompt', ({ params }) => find(params.sessionId).prompt(params))
    .onRequest('session/set_mode', async ({ params }) => {
      await find(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onNotification('session/cancel', ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (session) session.cancel();
      else opts.log(`session/cancel for ${JSON.stringify(params.sessionId)}, which is not open: ignored`);
    });

  return {
    app,
    clientCapabilities: () => capabilities,
    async closeAll() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((s) => s.close()));
    },
  };
}
