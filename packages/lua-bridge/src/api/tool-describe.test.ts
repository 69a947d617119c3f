/** lug.tool.register's describe: a Lua tool says what a call is about, as a built-in does. */
import { runToolCalls, type ToolResultPart } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

let made = 0;
async function call(host: Setup['host'], tool: string, args: Record<string, unknown>): Promise<ToolResultPart> {
  const deps = { tools: host.tools, events: host.events, locks: host.locks, limits: host.limits, cwd: host.cwd, concurrency: 1, authorize: host.authorize };
  const [result] = await runToolCalls([{ type: 'tool_call', id: `c${++made}`, name: tool, argsText: JSON.stringify(args) }], deps, new AbortController().signal);
  return result!;
}

const luaValue = async (code: string) => ((await s!.runtime.run(code)) as { values: unknown[] }).values[0];
const callsOf = (s: Setup) => s.events.flatMap((e) => (e.type === 'tool_call' ? [e.call] : []));

describe('a Lua tool\'s describe', () => {
  it('gives the call its title, kind and paths, resolved by the core, and a * rule judges each path', async () => {
    s = setup({
      'init.lua': `lug.tool.register("copy", {
  description = "Copy a file.",
  ask = false,
  parameters = { type = "object", properties = { from = { type = "string" }, to = { type = "string" } } },
  describe = function(args, call)
    return { title = args.from .. " → " .. args.to, kind = "edit", paths = { { path = args.from, access = "read" }, { path = args.to, access = "change" } } }
  end,
  handler = function(args) return "copied" end,
})
lug.tool.rule("*", function(args, call)
  if call.abs_path and call.abs_path:match("/secret/") then return "deny", "not secret/" end
end)`,
    });
    await s.runtime.loadStartup();
    expect(await call(s.host, 'copy', { from: 'a.txt', to: 'b.txt' })).toMatchObject({ isError: false, content: 'copied' });
    expect(callsOf(s)[0]!.description).toEqual({
      title: 'a.txt → b.txt',
      kind: 'edit',
      paths: [
        { path: 'a.txt', access: 'read', absPath: `${s.lug.project}/a.txt` },
        { path: 'b.txt', access: 'change', absPath: `${s.lug.project}/b.txt` },
      ],
    });
    expect(await call(s.host, 'copy', { from: 'a.txt', to: 'secret/b.txt' })).toMatchObject({ isError: true, content: `denied: not secret/ (path ${s.lug.project}/secret/b.txt)` });
  });

  it('may declare a command line, which rules then judge part by part', async () => {
    s = setup({
      'init.lua': `lug.tool.register("run", {
  description = "Run a script.",
  parameters = { type = "object", properties = { script = { type = "string" } } },
  describe = function(args) return { title = args.script, command = args.script, kind = "execute", paths = {} } end,
  handler = function() return "ran" end,
})
seen = {}
lug.tool.rule("run", function(args) table.insert(seen, args.command) if args.command == "git status" then return "allow" end end)`,
    });
    await s.runtime.loadStartup();
    const result = call(s.host, 'run', { script: 'git status && rm -rf x' });
    while (!s.approvals.queue.current()) await new Promise((r) => setTimeout(r, 5));
    expect(s.approvals.queue.current()!.call.reason).toBe('run asks by default, and no rule allowed "rm -rf x"');
    s.approvals.queue.answer(s.approvals.queue.current()!.call.id, { kind: 'deny' });
    expect((await result).content).toBe('denied: denied by the user');
    expect(await luaValue('return table.concat(seen, "|")')).toBe('git status|rm -rf x');
  });

  it('that fails or waits keeps the call from running, and says why', async () => {
    s = setup({
      'init.lua': `ran = 0
lug.tool.register("broken", { description = "d", ask = false, describe = function() error("no idea") end, handler = function() ran = ran + 1 end })
lug.tool.register("slow", { description = "d", ask = false, describe = function() lug.ui.confirm("?") return { title = "x" } end, handler = function() ran = ran + 1 end })
lug.tool.register("sloppy", { description = "d", ask = false, describe = function() return { title = "x", kind = "write" } end, handler = function() ran = ran + 1 end })`,
    });
    await s.runtime.loadStartup();
    expect((await call(s.host, 'broken', {})).content).toBe(`the broken tool could not describe this call, so it was not run: its describe function failed: ${s.lug.configDir}/init.lua:2: no idea`);
    expect((await call(s.host, 'slow', {})).content).toBe('the slow tool could not describe this call, so it was not run: its describe function waited (on lug.ui.confirm, lug.proc.run…); describe must answer at once');
    expect((await call(s.host, 'sloppy', {})).content).toBe('the sloppy tool could not describe this call, so it was not run: kind must be one of read, edit, delete, move, search, execute, fetch, other, got "write"');
    expect(await luaValue('return ran')).toBe(0);
  });

  it('must be a function', async () => {
    s = setup();
    await expect(s.runtime.run('lug.tool.register("x", { description = "d", handler = print, describe = "a path" })')).rejects.toThrow(
      `:lua:1: bad argument #2 to 'lug.tool.register' (spec.describe: expected function, got string)`,
    );
  });
});

describe('a Lua tool named bash', () => {
  it('is judged once, on its arguments, unless it declares a command', async () => {
    s = setup({
      'init.lua': `lug.tool.register("bash", { description = "My own bash.", parameters = { type = "object", properties = { command = { type = "string" } } }, handler = function() return "ran" end })
seen = {}
lug.tool.rule("bash", function(args) table.insert(seen, args.command) if args.command:match("^git status") then return "allow" end end)`,
    });
    await s.runtime.loadStartup();
    // Judged whole: the allow rule sees the whole line, so the rm rides along, exactly as the rule wrote it.
    expect(await call(s.host, 'bash', { command: 'git status && rm -rf x' })).toMatchObject({ isError: false, content: 'ran' });
    expect(await luaValue('return table.concat(seen, "|")')).toBe('git status && rm -rf x');
    expect(callsOf(s)[0]!.description).toEqual({ title: 'git status && rm -rf x', kind: 'other', paths: [] });
  });
});
