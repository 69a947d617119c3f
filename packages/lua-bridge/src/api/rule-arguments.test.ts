/**
 * A rule's `args` and `call` are lazy tables (lazy-tables.ts): to the rule
 * they must be tables like any other, whole to every way Lua and lug read a
 * table, and its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { request, setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const signal = () => new AbortController().signal;

/** Runs one write call through a rule whose body is `body`, which puts what it found in the global `seen`; returns `seen`. */
async function seenBy(body: string, args: Record<string, unknown>): Promise<unknown> {
  s = setup({ 'init.lua': `lug.tool.rule("write", function(args, call)\n${body}\nend)` });
  await s.runtime.loadStartup();
  await s.runtime.run('lug.opt.approval = "off"');
  await s.approvals.decide(request(s.host, 'write', args), signal());
  return (await s.runtime.run('return seen')).values[0];
}

const ARGS = { path: 'a.txt', content: 'hello', list: ['x', 'y', 'z'], nested: { deep: { value: 7 } }, flag: false };

describe('a Lua rule\'s args and call', () => {
  it('are whole to pairs, next, rawget, rawlen and #', async () => {
    const seen = await seenBy(
      `local keys = {}
for k in pairs(args) do keys[#keys + 1] = k end
table.sort(keys)
seen = { keys = keys, first = next(args) ~= nil, raw = rawget(args, "content"), rawlen = rawlen(args.list), len = #args.list,
  listed = table.concat(args.list, ","), ipairs_count = select("#", table.unpack(args.list)) }`,
      ARGS,
    );
    expect(seen).toEqual({ keys: ['content', 'flag', 'list', 'nested', 'path'], first: true, raw: 'hello', rawlen: 3, len: 3, listed: 'x,y,z', ipairs_count: 3 });
  });

  it('are whole to lug\'s own functions: lug.json.encode, lug.inspect, lug.tbl', async () => {
    const seen = (await seenBy(
      `seen = { json = lug.json.encode(args.nested), inspect = lug.inspect(args.list), copy = lug.tbl.deep_extend("force", {}, args).nested.deep.value, keys = lug.tbl.keys(args.nested),
  call = lug.json.encode(call) }`,
      ARGS,
    )) as Record<string, unknown>;
    expect(JSON.parse(seen.json as string)).toEqual({ deep: { value: 7 } });
    expect(seen.inspect).toBe('{ "x", "y", "z" }');
    expect(seen.copy).toBe(7);
    expect(seen.keys).toEqual(['deep']);
    expect(JSON.parse(seen.call as string)).toMatchObject({ tool: 'write', id: expect.any(String), cwd: s!.host.cwd });
  });

  it('show no field the object does not own (its prototype\'s constructor, toString, __proto__)', async () => {
    const seen = await seenBy('seen = { args.constructor == nil, args.toString == nil, args.__proto__ == nil, args.hasOwnProperty == nil, call.constructor == nil }', ARGS);
    expect(seen).toEqual([true, true, true, true, true]);
  });

  it('keep what the rule removes removed, and what it adds, in every way of reading them', async () => {
    const seen = await seenBy(
      `local before = args.content
args.content = nil
args.added = "new"
args.list[2] = nil
local keys = {}
for k in pairs(args) do keys[#keys + 1] = k end
table.sort(keys)
seen = { before = before, after = args.content == nil, raw = rawget(args, "content") == nil, added = args.added, keys = keys,
  json = lug.json.encode({ a = args.content, l = args.list[2] }) }`,
      ARGS,
    );
    expect(seen).toEqual({ before: 'hello', after: true, raw: true, added: 'new', keys: ['added', 'flag', 'list', 'nested', 'path'], json: '{}' });
  });

  it('are each rule\'s own, nested tables included, and the tool\'s arguments are untouched', async () => {
    s = setup({
      'init.lua': `seen = {}
lug.tool.rule("write", function(args) args.nested.deep.value = 8; args.list[1] = "changed"; table.insert(args.list, "w") end)
lug.tool.rule("write", function(args) seen = { args.nested.deep.value, args.list[1], #args.list } end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    const req = request(s.host, 'write', structuredClone(ARGS));
    await s.approvals.decide(req, signal());
    expect((await s.runtime.run('return seen')).values[0]).toEqual([7, 'x', 3]);
    expect(req.args).toEqual(ARGS);
  });

  it('are the same table at each read within one rule, and a value kept past the rule still reads', async () => {
    s = setup({
      'init.lua': `kept = nil
lug.tool.rule("write", function(args) if args.path == "a.txt" then same = rawequal(args.nested, args.nested) and rawequal(args.list, args.list); kept = args end end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    await s.approvals.decide(request(s.host, 'write', structuredClone(ARGS)), signal());
    await s.approvals.decide(request(s.host, 'write', { path: 'other.txt', content: '' }), signal());
    expect((await s.runtime.run('return same, kept.path, kept.nested.deep.value, #kept.list')).values).toEqual([true, 'a.txt', 7, 3]);
  });

  it('keep numbers, booleans and strings as they are, UTF-8 included', async () => {
    const seen = await seenBy('seen = { args.n, math.type(args.n), args.f, math.type(args.f), args.flag, args.text, #args.text }', {
      path: 'a',
      content: '',
      n: 3,
      f: 1.5,
      flag: false,
      text: 'é✓',
    });
    expect(seen).toEqual([3, 'integer', 1.5, 'float', false, 'é✓', 5]);
  });

  it('read again at a later call (then in place before the rule runs) are still the rule\'s own: removed, changed, listed and absent as at the first', async () => {
    s = setup({
      'init.lua': `seen = {}
lug.tool.rule("write", function(args, call)
  local row = { path = args.path, tool = call.tool, content = args.content, n = args.n }
  args.path = nil
  args.content = "changed"
  local keys = {}
  for k in pairs(args) do keys[#keys + 1] = k end
  table.sort(keys)
  row.after = { path = args.path == nil, content = args.content, raw = rawget(args, "path") == nil, keys = table.concat(keys, ",") }
  seen[#seen + 1] = row
end)
lug.tool.rule("write", function(args) seen[#seen].next_rule = args.path .. "|" .. args.content end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    await s.approvals.decide(request(s.host, 'write', { path: 'a.txt', content: 'one', n: 1 }), signal());
    await s.approvals.decide(request(s.host, 'write', { path: 'b.txt', content: 'two', n: 2.5 }), signal());
    await s.approvals.decide(request(s.host, 'write', { path: 'c.txt', content: 'x'.repeat(1000) }), signal());
    const after = { path: true, content: 'changed', raw: true };
    expect((await s.runtime.run('return seen')).values[0]).toEqual([
      { path: 'a.txt', tool: 'write', content: 'one', n: 1, after: { ...after, keys: 'content,n' }, next_rule: 'a.txt|one' },
      { path: 'b.txt', tool: 'write', content: 'two', n: 2.5, after: { ...after, keys: 'content,n' }, next_rule: 'b.txt|two' },
      { path: 'c.txt', tool: 'write', content: 'x'.repeat(1000), after: { ...after, keys: 'content' }, next_rule: `c.txt|${'x'.repeat(1000)}` },
    ]);
  });

  it('lack, at a later call, a field read before only while that call lacks it: set, removed, given by a metatable of the rule\'s, or there at the next call', async () => {
    // From the second call on, `command` is noted absent before the rule runs (fengari answers nil without __index): it must not be at any other time.
    s = setup({
      'init.lua': `seen = {}
lug.tool.rule("write", function(args)
  local row = { first = args.command or "none", method = args["command"] == nil }
  args.command = "set"
  row.set = args.command
  args.command = nil
  row.removed = args.command == nil and rawget(args, "command") == nil
  seen[#seen + 1] = row
end)
lug.tool.rule("write", function(args)
  seen[#seen].next_rule = args.command or "none"
  setmetatable(args, { __index = function(_, k) return "from " .. k end })
  seen[#seen].own_index = args.command
end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    for (const command of [undefined, undefined, 'ls', undefined]) {
      await s.approvals.decide(request(s.host, 'write', { path: 'a.txt', content: '', ...(command ? { command } : {}) }), signal());
    }
    const row = (first: string) => ({ first, method: first === 'none', set: 'set', removed: true, next_rule: first, own_index: first === 'none' ? 'from command' : first });
    expect((await s.runtime.run('return seen')).values[0]).toEqual([row('none'), row('none'), row('ls'), row('none')]);
  });

  it('keep each table\'s reads and removals its own while the fields put in place before the rule runs are the same at every call', async () => {
    // Tables whose rule read the same fields share what was put in place (lazy-tables.ts, Prefilled): a table's later reads and removals
    // must reach no other, not even one kept from an earlier call.
    s = setup({
      'init.lua': `seen = {}
lug.tool.rule("write", function(args)
  local row = { path = args.path }
  if args.path == "b.txt" then kept = args; seen[#seen + 1] = row; return end -- kept as it is: nothing but path taken
  if args.path == "c.txt" then row.nested = args.nested.v; args.path = nil; row.gone = args.path == nil end
  local keys = {}
  for k in pairs(args) do keys[#keys + 1] = k end
  table.sort(keys)
  row.keys = table.concat(keys, ",")
  seen[#seen + 1] = row
end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    for (const path of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) await s.approvals.decide(request(s.host, 'write', { path, nested: { v: path } }), signal());
    expect((await s.runtime.run('return seen')).values[0]).toEqual([
      { path: 'a.txt', keys: 'nested,path' },
      { path: 'b.txt' },
      { path: 'c.txt', nested: 'c.txt', gone: true, keys: 'nested' },
      { path: 'd.txt', keys: 'nested,path' },
    ]);
    expect((await s.runtime.run('return kept.path, kept.nested.v')).values).toEqual(['b.txt', 'b.txt']);
  });

  it('go to a rule\'s function as far as it takes them: function(args), function(...) and function() all run', async () => {
    s = setup({
      'init.lua': `seen = {}
lug.tool.rule("write", function(args) seen.one = args.path end)
lug.tool.rule("write", function(...) local args, call = ... seen.vararg = { select("#", ...), args.path, call.tool } end)
lug.tool.rule("write", function() seen.none = true end)
lug.tool.rule("write", function(args, call, extra) seen.three = { args.path, call.tool, extra == nil } end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    await s.approvals.decide(request(s.host, 'write', { path: 'a.txt', content: '' }), signal());
    expect((await s.runtime.run('return seen')).values[0]).toEqual({ one: 'a.txt', vararg: [2, 'a.txt', 'write'], none: true, three: ['a.txt', 'write', true] });
  });

  it('read fields named in UTF-8', async () => {
    const seen = await seenBy('seen = { args["é"], args["✓"] }', { path: 'a', content: '', é: 'accent', '✓': 'tick' });
    expect(seen).toEqual(['accent', 'tick']);
  });
});
