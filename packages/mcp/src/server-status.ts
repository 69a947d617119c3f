/** What `:mcp` and `lug mcp list` show of each server, and the text they show it as. No SDK here. */
import { escapeForTerminal } from '@lug/core';

export type ServerState = 'starting' | 'ready' | 'stopped' | 'failed' | 'disabled';

export interface ServerStatus {
  name: string;
  state: ServerState;
  source: string;
  /** The server's own tool names. */
  tools: string[];
  lastError?: string;
  /** The last few KB of its stderr (stdio servers). */
  stderr: string;
  /** Lines it wrote to stdout that were not protocol messages. */
  stdoutNoise: string;
  pid?: number;
}

export interface ManagedServerStatus extends ServerStatus {
  /** The tools offered to the model, by their lug names. */
  lugTools: string[];
  /** The server's tools lug does not offer, and why. */
  refused: string[];
}

function indent(text: string, by = '    '): string {
  return text.replace(/\n$/, '').split('\n').map((l) => by + l).join('\n');
}

/**
 * One block per server: its state, where it was configured, its tools, its last error; `detail` adds the stderr tail.
 * What a server wrote (its stderr, its stdout noise, its tools' names in the reasons they are not offered, its errors)
 * is made unable to drive a terminal: `lug mcp list` prints this to stdout as it is.
 */
export function formatServerStatus(statuses: ManagedServerStatus[], opts: { detail?: boolean } = {}): string {
  if (!statuses.length) return 'No MCP servers are configured (lug.mcp.add in init.lua, or .mcp.json; see docs/mcp.md).';
  return escapeForTerminal(serverBlocks(statuses, opts));
}

function serverBlocks(statuses: ManagedServerStatus[], opts: { detail?: boolean }): string {
  return statuses
    .map((s) => {
      const lines = [`${s.name}: ${s.state}${s.pid ? ` (pid ${s.pid})` : ''} — ${s.source}`];
      lines.push(s.lugTools.length ? `  tools: ${s.lugTools.join(', ')}` : '  tools: none yet');
      for (const r of s.refused) lines.push(`  ${r}`);
      if (s.lastError) lines.push(`  last error: ${s.lastError}`);
      if (opts.detail && s.stderr.trim()) lines.push('  stderr (last lines):', indent(s.stderr.split('\n').slice(-12).join('\n')));
      if (opts.detail && s.stdoutNoise.trim()) lines.push('  stdout that was not MCP:', indent(s.stdoutNoise.split('\n').slice(-6).join('\n')));
      return lines.join('\n');
    })
    .join('\n');
}
