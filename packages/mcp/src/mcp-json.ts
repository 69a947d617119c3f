/**
 * `.mcp.json` in Claude Code's format:
 *
 *   { "mcpServers": {
 *       "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": { "GITHUB_TOKEN": "${GITHUB_TOKEN}" } },
 *       "docs":   { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer ${DOCS_KEY}" } } } }
 *
 * `${VAR}` and `${VAR:-default}` are expanded from lug's environment in
 * command, args, env, cwd, url and headers; a variable that is unset and has
 * no default is an error for that server. `type` is "stdio" (the default with
 * a command), "http" or "sse" (both served by the HTTP transport, which tries
 * Streamable HTTP, then SSE). A server that is wrong is reported and left
 * out; the others are kept.
 */
import { readFileSync } from 'node:fs';
import { checkServerName, type ConfiguredServer, type ServerConfig } from './server-config.js';

export interface McpJsonResult {
  servers: ConfiguredServer[];
  /** What was wrong, one message per problem, naming the file and the server. */
  errors: string[];
}

const STDIO_FIELDS = ['type', 'command', 'args', 'env', 'cwd', 'timeout'];
const HTTP_FIELDS = ['type', 'url', 'headers', 'timeout'];

class EntryError extends Error {}

function expand(text: string, env: Record<string, string | undefined>, where: string): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_m, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new EntryError(`${where} uses \${${name}}, which is not set (give a default with \${${name}:-value})`);
  });
}

function stringMap(value: unknown, field: string, env: Record<string, string | undefined>): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new EntryError(`"${field}" must be an object of strings, got ${JSON.stringify(value)}`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new EntryError(`"${field}.${k}" must be a string, got ${JSON.stringify(v)}`);
    out[k] = expand(v, env, `"${field}.${k}"`);
  }
  return out;
}

function timeoutOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value > 0)) throw new EntryError(`"timeout" must be a number of seconds greater than 0, got ${JSON.stringify(value)}`);
  return value;
}

function unknownFields(entry: Record<string, unknown>, known: string[]): void {
  const extra = Object.keys(entry).filter((k) => !known.includes(k));
  if (extra.length) throw new EntryError(`unknown field${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}; the fields are ${known.join(', ')}`);
}

export function serverFromEntry(entry: unknown, env: Record<string, string | undefined>): ServerConfig {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new EntryError(`must be an object with "command" (and "args") or "url", got ${JSON.stringify(entry)}`);
  const e = entry as Record<string, unknown>;
  const type = e.type ?? (e.url !== undefined ? 'http' : 'stdio');
  if (type === 'stdio') {
    unknownFields(e, STDIO_FIELDS);
    if (typeof e.command !== 'string' || !e.command) throw new EntryError(`"command" must be the program to run, a non-empty string, got ${JSON.stringify(e.command)}`);
    const args = e.args ?? [];
    if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) throw new EntryError(`"args" must be a list of strings, got ${JSON.stringify(e.args)}`);
    if (e.cwd !== undefined && typeof e.cwd !== 'string') throw new EntryError(`"cwd" must be a string, got ${JSON.stringify(e.cwd)}`);
    return {
      command: [expand(e.command, env, '"command"'), ...(args as string[]).map((a, i) => expand(a, env, `"args[${i}]"`))],
      env: stringMap(e.env, 'env', env),
      cwd: e.cwd === undefined ? undefined : expand(e.cwd as string, env, '"cwd"'),
      timeout: timeoutOf(e.timeout),
    };
  }
  if (type === 'http' || type === 'sse') {
    unknownFields(e, HTTP_FIELDS);
    if (typeof e.url !== 'string') throw new EntryError(`"url" must be a string, got ${JSON.stringify(e.url)}`);
    const url = expand(e.url, env, '"url"');
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new EntryError(`"url" is not a URL: ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new EntryError(`"url" must be http:// or https://, got ${JSON.stringify(url)}`);
    return { url, headers: stringMap(e.headers, 'headers', env), timeout: timeoutOf(e.timeout) };
  }
  throw new EntryError(`"type" must be "stdio", "http" or "sse", got ${JSON.stringify(type)}`);
}

/** Read one `.mcp.json`; a missing file is no servers and no error. */
export function readMcpJson(file: string, opts: { env: Record<string, string | undefined>; project: boolean }): McpJsonResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { servers: [], errors: [] };
    return { servers: [], errors: [`${file}: cannot be read: ${(err as Error).message}`] };
  }
  return parseMcpJson(text, file, opts);
}

export function parseMcpJson(text: string, file: string, opts: { env: Record<string, string | undefined>; project: boolean }): McpJsonResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { servers: [], errors: [`${file}: not valid JSON (${(err as Error).message})`] };
  }
  const map = (data as { mcpServers?: unknown } | null)?.mcpServers;
  if (!data || typeof data !== 'object' || Array.isArray(data) || !map || typeof map !== 'object' || Array.isArray(map)) {
    return { servers: [], errors: [`${file}: expected { "mcpServers": { "NAME": { "command": …, "args": […] } } }`] };
  }
  const servers: ConfiguredServer[] = [];
  const errors: string[] = [];
  for (const [name, entry] of Object.entries(map)) {
    const badName = checkServerName(name);
    if (badName) {
      errors.push(`${file}: ${badName}`);
      continue;
    }
    try {
      servers.push({ name, config: serverFromEntry(entry, opts.env), source: file, project: opts.project });
    } catch (err) {
      if (!(err instanceof EntryError)) throw err;
      errors.push(`${file}: server "${name}": ${err.message}`);
    }
  }
  return { servers, errors };
}
