/** `lug mcp list`: the configured MCP servers started as a headless run starts them, each with its state and tools; exit 1 when one fails to start. */
import { formatServerStatus } from '@lug/mcp/config';
import { UsageError, type CliArgs } from './args.js';
import { composeLug, type StartupOptions } from './compose.js';
import type { Writers } from './headless-printer.js';

export const MCP_USAGE = 'lug mcp list: start the configured MCP servers, print each with its state and tools, and stop them';

export async function runMcpCommand(args: CliArgs, cwd: string, env: NodeJS.ProcessEnv, out: Writers, startup: StartupOptions = {}): Promise<number> {
  const [, sub, ...extra] = args.rest;
  if (sub !== 'list' || extra.length) throw new UsageError(`${sub ? `unknown: lug mcp ${[sub, ...extra].join(' ')}` : 'lug mcp needs a subcommand'}; ${MCP_USAGE}`);
  const lug = await composeLug({ ...startup, cwd, env, args, interactive: false });
  for (const e of lug.startupErrors) out.stderr(`lug: ${e}\n`);
  const statuses = lug.mcp.loaded?.status() ?? [];
  out.stdout(`${formatServerStatus(statuses, { detail: true })}\n`);
  await lug.mcp.close();
  return statuses.some((s) => s.state === 'failed' || s.state === 'starting') ? 1 : 0;
}
