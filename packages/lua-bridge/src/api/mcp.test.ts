/** lug.mcp.add and lug.mcp.remove: the shape checked in Lua, the server handed to the host's MCP configuration. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';
import type { McpConfigSink, McpServerSpec } from './mcp.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

/** The configuration lug.mcp writes to (the CLI gives @lug/mcp's ConfiguredServers). */
function recordingSink(): McpConfigSink & { servers: Map<string, { spec: McpServerSpec; source: string }> } {
  const servers = new Map<string, { spec: McpServerSpec; source: string }>();
  return {
    servers,
    add(name, spec, source) {
      if (spec.url === 'ftp://x') throw new Error('url must be http:// or https://, got "ftp://x"');
      servers.set(name, { spec, source });
    },
    remove: (name) => servers.delete(name),
  };
}

const run = async (code: string) => (await s!.runtime.run(code)).values;

describe('lug.mcp', () => {
  it('adds a stdio server with its command, env, cwd and timeout, naming where it was added', async () => {
    const mcp = recordingSink();
    s = setup({}, { mcp });
    await run('lug.mcp.add("everything", { command = { "npx", "-y", "@modelcontextprotocol/server-everything" }, env = { A = "1" }, cwd = "sub", timeout = 30 })');
    expect(mcp.servers.get('everything')).toEqual({ spec: { command: ['npx', '-y', '@modelcontextprotocol/server-everything'], env: { A: '1' }, cwd: 'sub', timeout: 30 }, source: 'lua::lua:1' });
  });

  it('adds an HTTP server with its headers, and removes servers by name', async () => {
    const mcp = recordingSink();
    s = setup({}, { mcp });
    await run('lug.mcp.add("docs", { url = "https://example.com/mcp", headers = { Authorization = "Bearer k" } })');
    expect(mcp.servers.get('docs')?.spec).toEqual({ url: 'https://example.com/mcp', headers: { Authorization: 'Bearer k' } });
    expect(await run('return lug.mcp.remove("docs"), lug.mcp.remove("docs")')).toEqual([true, false]);
  });

  it('refuses a wrong shape in the one message shape, and passes the configuration\'s own errors on', async () => {
    s = setup({}, { mcp: recordingSink() });
    await expect(run('lug.mcp.add("x", { command = "npx server" })')).rejects.toThrow(`bad argument #2 to 'lug.mcp.add' (server.command: expected a list of strings like { "npx", "-y", "@modelcontextprotocol/server-everything" }, got string)`);
    await expect(run('lug.mcp.add("x", { commmand = { "a" } })')).rejects.toThrow(/bad argument #2 to 'lug.mcp.add' \(server: unknown field "commmand"; the fields are: command, env, cwd, url, headers, timeout\)/);
    await expect(run('lug.mcp.add("x", { url = "ftp://x" })')).rejects.toThrow('url must be http:// or https://, got "ftp://x"');
  });

  it('is an error where lug has no MCP support', async () => {
    s = setup();
    await expect(run('lug.mcp.add("x", { command = { "a" } })')).rejects.toThrow(/MCP servers cannot be configured in this lug/);
  });

  it('a server init.lua no longer adds is taken away when it is sourced again; one it adds again stays', async () => {
    const mcp = recordingSink();
    s = setup({ 'init.lua': 'lug.mcp.add("a", { url = "https://a.example/mcp" })\nlug.mcp.add("b", { url = "https://b.example/mcp" })' }, { mcp });
    await s.runtime.loadStartup();
    s.lug.write('init.lua', 'lug.mcp.add("b", { url = "https://b.example/mcp" })');
    await s.runtime.source();
    expect([...mcp.servers.keys()]).toEqual(['b']);
  });
});
