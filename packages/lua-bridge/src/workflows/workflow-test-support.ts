/** Test helpers for the stock workflows (not exported): where their real files are, and a tool call run as the scheduler runs it. */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runToolCalls, type LugHost, type ToolResultPart } from '@lug/core';

/** The repository's lua/workflows/: tests load the real files. */
export const STOCK_WORKFLOWS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../lua/workflows');

let made = 0;
export async function callTool(host: LugHost, tool: string, args: Record<string, unknown>): Promise<ToolResultPart> {
  const deps = { tools: host.tools, events: host.events, locks: host.locks, limits: host.limits, cwd: host.cwd, concurrency: 1, authorize: host.authorize };
  const [result] = await runToolCalls([{ type: 'tool_call', id: `c${++made}`, name: tool, argsText: JSON.stringify(args) }], deps, new AbortController().signal);
  return result!;
}
