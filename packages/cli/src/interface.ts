/** `lug` with no -p: the stock interface. */
import type { CliArgs } from './args.js';
import { composeLug } from './compose.js';
import { VERSION } from './version.js';
import { stateDir } from '@lug/core';
import { fileURLToPath } from 'node:url';

export async function runInterface(args: CliArgs, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const [{ startTui }, lug] = await Promise.all([import('@lug/tui'), composeLug({ cwd, env, args, interactive: true })]);
  await startTui({
    host: lug.host,
    session: lug.session,
    approvals: lug.approvals,
    lua: lug.lua,
    stateDir: stateDir(env),
    version: VERSION,
    startupErrors: lug.startupErrors,
    store: lug.store,
    docsDir: fileURLToPath(new URL('../docs/', import.meta.url)),
  } as never);
  return 0;
}
