/**
 * A server's tool as a lug tool: named mcp__<server>__<tool>, with the
 * server's description and (checked) schema, asking by default, described
 * per call so rules and the dialog see which server it goes to.
 */
import { ToolError, type Tool, type ToolDescription } from '@lug/core';
import type { Tool as McpToolDef } from '@modelcontextprotocol/sdk/types.js';
import { acceptInputSchema } from './input-schema.js';
import type { ServerConnection } from './server-connection.js';
import { convertToolResult } from './tool-result.js';
import { wellFormed } from './well-formed.js';

/** lug's tool names: letters, digits, _ and -, at most 64 characters. */
const MAX_NAME = 64;
export const MAX_DESCRIPTION_CHARS = 4000;

/** `mcp__<server>__<tool>`, the tool's name with anything but letters, digits, _ and - turned into _, cut to 64 characters. */
export function lugToolName(server: string, tool: string): string {
  const name = `mcp__${server}__${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return name.length > MAX_NAME ? name.slice(0, MAX_NAME) : name;
}

/** A server's tool name in lug's own messages: quoted when it holds anything but a name's characters, so a newline in it cannot pass for another line. */
export function quotedName(name: string): string {
  return /^[\w.-]+$/.test(name) ? name : JSON.stringify(name);
}

function describeArgs(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  if (!text || text === '{}') return '';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function description(def: McpToolDef, server: string): string {
  const text = wellFormed((def.description ?? '').trim() || `The ${def.name} tool of the MCP server ${server}.`);
  return text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : text;
}

export type ToolAdaptation = { tool: Tool } | { refused: string };

export function mcpTool(def: McpToolDef, connection: ServerConnection): ToolAdaptation {
  const server = connection.name;
  const schema = acceptInputSchema(def.inputSchema);
  if ('refused' in schema) return { refused: `tool ${quotedName(def.name)} is not offered: ${schema.refused}` };
  const name = lugToolName(server, def.name);
  const tool: Tool<Record<string, unknown>> = {
    name,
    description: description(def, server),
    parameters: schema.parameters,
    ask: true,
    describe(args): ToolDescription {
      // Paths: none. A server's schema never makes certain that an argument is a local path, so path rules do not see MCP calls; a rule on "*" sees call.tool (mcp__server__tool) and the arguments.
      const shown = describeArgs(args);
      return { title: `${server}: ${def.name}${shown ? ` ${shown}` : ''}`, kind: def.annotations?.readOnlyHint === true ? 'read' : 'other' };
    },
    async handler(args, ctx) {
      const problems = schema.check(args);
      if (problems.length) throw new ToolError(`the arguments do not match the schema of ${name}: ${problems.join('; ')}`);
      let result;
      try {
        result = await connection.callTool(def.name, args, ctx.signal);
      } catch (err) {
        throw new ToolError((err as Error).message);
      }
      return convertToolResult(result, ctx.limits.outputBytes);
    },
  };
  return { tool };
}
