/**
 * lug.mcp: MCP servers configured from Lua.
 *
 *   lug.mcp.add("everything", { command = { "npx", "-y", "@modelcontextprotocol/server-everything" } })
 *   lug.mcp.add("docs", { url = "https://example.com/mcp", headers = { Authorization = "Bearer " .. os.getenv("DOCS_KEY") } })
 *   lug.mcp.remove("everything")
 *
 * The bridge checks the shape and hands the server to the host's MCP
 * configuration (the CLI gives @lug/mcp's; the bridge does not depend on it).
 */
import type { LuaState } from '../fengari.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import type { McpConfigSink } from './mcp-sink.js';
import { is, signature } from './validate.js';

export type { McpConfigSink, McpServerSpec } from './mcp-sink.js';

const SPEC = is.fields({
  command: is.listOf(is.string).that((c) => c.length > 0, 'a list of strings like { "npx", "-y", "@modelcontextprotocol/server-everything" }').optional(),
  env: is.mapOf(is.string, 'table of strings like { GITHUB_TOKEN = "…" }').optional(),
  cwd: is.string.optional(),
  url: is.string.optional(),
  headers: is.mapOf(is.string, 'table of strings like { Authorization = "Bearer …" }').optional(),
  timeout: is.number.that((n) => n > 0, 'a number of seconds greater than 0').optional(),
});

const ADD = signature('lug.mcp.add', [
  ['name', is.string],
  ['server', SPEC],
]);
const REMOVE = signature('lug.mcp.remove', [['name', is.string]]);

export function pushMcpApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const sink = (): McpConfigSink => {
    if (!ctx.mcp) throw new Error('MCP servers cannot be configured in this lug (it was started without MCP support)');
    return ctx.mcp;
  };
  pushFunctions(vm, L, 'lug.mcp', {
    add: (Ls) => {
      const [name, spec] = ADD.read(vm, Ls);
      const servers = sink();
      servers.add(name, spec, `lua:${vm.where(Ls)}`);
      // Its file run again without adding it takes the server away.
      ctx.track(() => void servers.remove(name));
      return 0;
    },
    remove: (Ls) => {
      const [name] = REMOVE.read(vm, Ls);
      vm.f.lua.lua_pushboolean(Ls, sink().remove(name));
      return 1;
    },
  });
}
