/**
 * A server's tool list, read one tool at a time. The SDK's `listTools`
 * checks the whole list against its schema and caches a validator of each
 * output schema: one tool of the wrong shape (an input schema that is not an
 * object schema, a description that is not a string) or with an output
 * schema Ajv cannot compile failed the whole list, so the server "failed"
 * with none of its tools and a page of zod's JSON as its error. Here the list
 * is taken as it comes, each tool checked alone, and a malformed one is left
 * out with the reason `:mcp` shows; the rest are offered.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema, ToolSchema, type Tool as McpToolDef } from '@modelcontextprotocol/sdk/types.js';
import { quotedName } from './mcp-tool.js';

/** Tools read from one server, at most (a server that pages forever is stopped there). */
const MAX_TOOLS = 10_000;

export interface ToolList {
  tools: McpToolDef[];
  /** Why each malformed tool is not offered, in lug's words. */
  malformed: string[];
}

type IssueLike = { path: PropertyKey[]; message: string };

function issueText(issues: readonly IssueLike[]): string {
  const text = issues.map((i) => `${i.path.length ? `${i.path.map(String).join('.')}: ` : ''}${i.message}`).join('; ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** The name a malformed tool is reported under: its own when it has one. */
function nameOf(raw: unknown, index: number): string {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? quotedName(name) : `number ${index + 1} of the list`;
}

/** The SDK's client keeps each tool's output-schema validator for callTool; private in its types, so reached with care. */
type ToolCache = { cacheToolMetadata?: (tools: McpToolDef[]) => void };

/** Cache what callTool checks results against; a tool whose output schema cannot be compiled is left out, with why. */
function cacheTools(client: Client, tools: McpToolDef[], malformed: string[]): McpToolDef[] {
  const cache = (client as unknown as ToolCache).cacheToolMetadata?.bind(client);
  if (!cache) return tools;
  const kept = tools.filter((tool) => {
    try {
      cache([tool]);
      return true;
    } catch (err) {
      malformed.push(`tool ${quotedName(tool.name)} is not offered: its output schema cannot be used (${(err as Error).message})`);
      return false;
    }
  });
  cache(kept);
  return kept;
}

export async function readToolList(client: Client, timeout: number): Promise<ToolList> {
  const tools: McpToolDef[] = [];
  const malformed: string[] = [];
  let cursor: string | undefined;
  let index = 0;
  do {
    const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ResultSchema, { timeout });
    const listed: unknown = page.tools;
    if (!Array.isArray(listed)) throw new Error(`its tools/list answer has no list of tools (tools: ${listed === undefined ? 'missing' : typeof listed})`);
    for (const raw of listed) {
      const parsed = ToolSchema.safeParse(raw);
      if (parsed.success) tools.push(parsed.data as McpToolDef);
      else malformed.push(`tool ${nameOf(raw, index)} is not offered: its definition is not an MCP tool (${issueText(parsed.error.issues)})`);
      index += 1;
    }
    cursor = typeof page.nextCursor === 'string' && page.nextCursor ? page.nextCursor : undefined;
  } while (cursor && index < MAX_TOOLS);
  return { tools: cacheTools(client, tools, malformed), malformed };
}
