/**
 * `lug --acp`: lug inside an editor. Each ACP session is a lug composed as
 * headless mode and the interface compose theirs (init.lua, plugins, the stock
 * runtime, approvals, providers), with confirms and approvals served by the
 * editor; the flags (--model, --thinking, --approval, --auto) apply to each.
 * Standard output carries protocol messages only (see @lug/acp's stdio.ts).
 */
import type { AcpLug, ComposeRequest } from '@lug/acp';
import type { CliArgs } from './args.js';
import { composeLug, type StartupOptions } from './compose.js';
import { VERSION } from './version.js';

export async function runAcp(args: CliArgs, env: NodeJS.ProcessEnv, startup: StartupOptions = {}): Promise<number> {
  const { serveAcpOverStdio } = await import('@lug/acp');
  const compose = async (request: ComposeRequest): Promise<AcpLug> => {
    const sessionArgs: CliArgs = { ...args, continue: false, resume: request.resume };
    const lug = await composeLug({ ...startup, cwd: request.cwd, env, args: sessionArgs, interactive: true, onHost: request.onHost, files: request.files });
    lug.warmProvider();
    return {
      host: lug.host,
      approvals: lug.approvals,
      session: lug.session,
      startupErrors: lug.startupErrors,
      sessionNotices: lug.sessionNotices,
      close: () => lug.lua?.close(),
    };
  };
  const { SessionStore, sessionsDir } = await import('@lug/core');
  const store = new SessionStore(sessionsDir(env));
  await serveAcpOverStdio({ compose, listSessions: (cwd) => store.list(cwd), version: VERSION, log: (message) => void process.stderr.write(`lug: ${message}\n`) });
  // The editor closed the connection: end everything lug started, even what still holds the event loop.
  const { killAllProcesses } = await import('@lug/tools');
  await killAllProcesses();
  return process.exit(0);
}
