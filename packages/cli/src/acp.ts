/**
 * `lug --acp`: lug inside an editor. Each ACP session is a lug composed as
 * headless mode and the interface compose theirs (init.lua, plugins, the stock
 * runtime, approvals, providers), with confirms and approvals served by the
 * editor; the flags (--model, --thinking, --approval, --auto) apply to each.
 * MCP servers (configured, and those the editor hands over) start through
 * @lug/mcp before the session is handed over.
 * Standard output carries protocol messages only (see @lug/acp's stdio.ts).
 */
import type { AcpLug, ComposeRequest, EditorMcpServer } from '@lug/acp';
import type { CliArgs } from './args.js';
import { composeLug, type Lug, type StartupOptions } from './compose.js';
import type { McpSetup } from './mcp.js';
import { saveTurnsOnSignals } from './signal-ending.js';
import { VERSION } from './version.js';

/**
 * The MCP servers the editor handed over, added to this lug's configuration
 * by name (over a configured one of the same name) as the user's own: no
 * project-trust question. Returns what was wrong with those it could not add.
 */
function addEditorServers(mcp: McpSetup, servers: readonly EditorMcpServer[]): string[] {
  const errors: string[] = [];
  for (const { name, ...spec } of servers) {
    try {
      mcp.config.add(name, spec, 'the editor (session/new, session/load)');
    } catch (err) {
      errors.push(`the editor's MCP server ${JSON.stringify(name)} was not started: ${(err as Error).message}`);
    }
  }
  return errors;
}

export async function runAcp(args: CliArgs, env: NodeJS.ProcessEnv, startup: StartupOptions = {}): Promise<number> {
  const { serveAcpOverStdio } = await import('@lug/acp');
  /** The sessions' lugs, while their sessions are open. */
  const lugs = new Set<Lug>();
  // SIGTERM and SIGHUP (the editor stopping lug): every session's running turn is cancelled and saved, then lug ends by the signal.
  const signals = saveTurnsOnSignals(lugs);
  const compose = async (request: ComposeRequest): Promise<AcpLug> => {
    const sessionArgs: CliArgs = { ...args, continue: false, resume: request.resume };
    const lug = await composeLug({ ...startup, cwd: request.cwd, env, args: sessionArgs, interactive: true, onHost: request.onHost, files: request.files });
    lugs.add(lug);
    lug.warmProvider();
    lug.checkpoints.pruneSoon();
    // The stock workflows before the session is handed over: the modes it offers include theirs (plan).
    await lug.startWorkflows();
    const startupErrors = [...lug.startupErrors, ...addEditorServers(lug.mcp, request.mcpServers ?? [])];
    // The configured servers and the editor's start (or fail, saying why) before the session is handed over: its first prompt has their tools.
    startupErrors.push(...(await lug.mcp.startAndWait()));
    // The interface shows a failed server in :mcp; an editor has no :mcp to look in, so it is told.
    for (const failed of lug.mcp.loaded?.status().filter((s) => s.state === 'failed') ?? []) {
      startupErrors.push(`MCP server ${JSON.stringify(failed.name)} (${failed.source}) failed to start: ${failed.lastError ?? 'no reason given'}`);
    }
    return {
      host: lug.host,
      approvals: lug.approvals,
      session: lug.session,
      startupErrors,
      sessionNotices: lug.sessionNotices,
      close: async () => {
        lugs.delete(lug);
        lug.lua?.close();
        // The last turn's checkpoint is complete before the session goes (as headless and lug rewind wait for it).
        await lug.checkpoints.flush();
        await lug.mcp.close();
      },
    };
  };
  const { SessionStore, sessionsDir } = await import('@lug/core');
  const store = new SessionStore(sessionsDir(env));
  await serveAcpOverStdio({ compose, listSessions: (cwd) => store.list(cwd), version: VERSION, log: (message) => void process.stderr.write(`lug: ${message}\n`) });
  signals.stop();
  // The editor closed the connection: end everything lug started, even what still holds the event loop.
  const { killAllProcesses } = await import('@lug/tools');
  await killAllProcesses();
  return process.exit(0);
}
