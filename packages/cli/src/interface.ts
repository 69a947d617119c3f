/** `lug` with no -p: the stock interface (and `lug --tutor`, the guided tour in a scratch project). */
import { stateDir } from '@lug/core';
import { fileURLToPath } from 'node:url';
import type { CliArgs } from './args.js';
import { composeLug } from './compose.js';
import { VERSION } from './version.js';

export async function runInterface(args: CliArgs, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const tui = await import('@lug/tui');
  const tutorProject = args.tutor ? await tui.createTutorProject() : undefined;
  try {
    const lug = await composeLug({ cwd: tutorProject?.dir ?? cwd, env, args, interactive: true });
    await tui.startTui({
      host: lug.host,
      session: lug.session,
      approvals: lug.approvals,
      lua: lug.lua,
      stateDir: stateDir(env),
      version: VERSION,
      startupErrors: lug.startupErrors,
      store: lug.store,
      docsDir: fileURLToPath(new URL('../docs/', import.meta.url)),
      tutor: args.tutor,
    });
    // Quitting ends everything lug started, even what still holds the event
    // loop (an SDK's keep-alive socket, a plugin's timer).
    const { killAllProcesses } = await import('@lug/tools');
    await killAllProcesses();
    return process.exit(0);
  } finally {
    await tutorProject?.remove();
  }
}
