/**
 * The servers one lug is configured with, from three places: `lug.mcp.add`
 * in Lua, the user's `.mcp.json` (in lug's config directory) and the
 * project's `.mcp.json` (in the directory lug starts in). One name, one
 * server: Lua wins over both files (it is the explicit choice), and the
 * user's file over the project's (a project cannot shadow a user's server).
 * `lug.mcp.remove(name)` takes a name out whatever configured it.
 */
import { join } from 'node:path';
import { readMcpJson } from './mcp-json.js';
import { checkServerName, type ConfiguredServer, type ServerConfig } from './server-config.js';

/** What `lug.mcp.add` gives (the Lua API validates the shape; this checks the rest). */
export interface LuaServerSpec {
  command?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  timeout?: number;
}

export class McpConfigError extends Error {
  override name = 'McpConfigError';
}

export function serverFromLua(spec: LuaServerSpec): ServerConfig {
  const { command, url, env, cwd, headers, timeout } = spec;
  if ((command === undefined) === (url === undefined)) {
    throw new McpConfigError('give either command = { "program", "arg", … } (a stdio server) or url = "https://…" (an HTTP server)');
  }
  if (command !== undefined) {
    if (headers !== undefined) throw new McpConfigError('headers are for an HTTP server (url = …); a stdio server takes env');
    if (!command.length) throw new McpConfigError('command must name the program to run, e.g. { "npx", "-y", "@modelcontextprotocol/server-everything" }');
    return { command, env, cwd, timeout };
  }
  if (env !== undefined || cwd !== undefined) throw new McpConfigError('env and cwd are for a stdio server (command = …); an HTTP server takes headers');
  let parsed: URL;
  try {
    parsed = new URL(url!);
  } catch {
    throw new McpConfigError(`url is not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new McpConfigError(`url must be http:// or https://, got ${JSON.stringify(url)}`);
  return { url: url!, headers, timeout };
}

export class ConfiguredServers {
  private fromLua = new Map<string, ConfiguredServer>();
  private fromFiles: ConfiguredServer[] = [];
  private removed = new Set<string>();
  private listeners = new Set<() => void>();
  /** Problems in the .mcp.json files, for the start-up notices. */
  errors: string[] = [];

  /** `lug.mcp.add(name, spec)`: throws McpConfigError with what is wrong. */
  add(name: string, spec: LuaServerSpec, source: string): void {
    const badName = checkServerName(name);
    if (badName) throw new McpConfigError(badName);
    this.fromLua.set(name, { name, config: serverFromLua(spec), source, project: false });
    this.removed.delete(name);
    this.changed();
  }

  /** `lug.mcp.remove(name)`: true when a server of that name was configured. */
  remove(name: string): boolean {
    const had = this.list().some((s) => s.name === name);
    this.fromLua.delete(name);
    this.removed.add(name);
    if (had) this.changed();
    return had;
  }

  /** Read the user's and the project's .mcp.json. */
  readFiles(opts: { configDir: string; projectDir: string; env: Record<string, string | undefined> }): void {
    const user = readMcpJson(join(opts.configDir, '.mcp.json'), { env: opts.env, project: false });
    const project = opts.projectDir === opts.configDir ? { servers: [], errors: [] } : readMcpJson(join(opts.projectDir, '.mcp.json'), { env: opts.env, project: true });
    this.fromFiles = [...user.servers, ...project.servers.filter((p) => !user.servers.some((u) => u.name === p.name))];
    this.errors = [...user.errors, ...project.errors];
    this.changed();
  }

  list(): ConfiguredServer[] {
    const out = new Map<string, ConfiguredServer>();
    for (const s of this.fromFiles) if (!this.removed.has(s.name)) out.set(s.name, s);
    for (const s of this.fromLua.values()) out.set(s.name, s);
    return [...out.values()];
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}
