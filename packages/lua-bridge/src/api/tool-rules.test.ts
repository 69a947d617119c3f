/** lug.tool.rule and lug.session.approve through the real @lug/approvals. */
import { afterEach, describe, expect, it } from 'vitest';
import { commandTool, request, setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const signal = () => new AbortController().signal;

describe('lug.tool.rule', () => {
  it('a rule waiting on lug.ui.confirm holds its call, and only its call, until answered', async () => {
    s = setup({
      'init.lua': `lug.tool.rule("bash", function(args)
  if args.command == "git push" then
    if lug.ui.confirm("Push?") then return "allow" end
    return "deny", "the user said no"
  end
  return "allow"
end)
`,
    });
    await s.runtime.loadStartup();
    let pushDone = false;
    const push = s.approvals.decide(request(s.host, 'bash', { command: 'git push' }), signal()).then((d) => {
      pushDone = true;
      return d;
    });
    await s.ui.questions(1);
    expect(s.ui.asked[0]!.message).toBe('Push?');
    // Another call decides while the first waits.
    const other = await s.approvals.decide(request(s.host, 'bash', { command: 'ls' }), signal());
    expect(other).toMatchObject({ allow: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(pushDone).toBe(false);
    s.ui.asked[0]!.answer(false);
    expect(await push).toMatchObject({ allow: false, reason: 'the user said no' });
  });

  it('a rule waiting on lug.ui.confirm is told when the turn is cancelled, and the call is cancelled', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("*", function() return lug.ui.confirm("ok?") and "allow" or "deny" end)' });
    await s.runtime.loadStartup();
    const turn = new AbortController();
    const decision = s.approvals.decide(request(s.host, 'write', { path: 'x', content: '' }), turn.signal);
    await s.ui.questions(1);
    const ui = s.host.ui;
    if (!ui.interactive) throw new Error('expected an interactive host');
    expect(ui.confirms.pending().map((c) => c.message)).toEqual(['ok?']);
    turn.abort();
    expect(ui.confirms.pending()).toEqual([]);
    expect(await decision).toMatchObject({ allow: false, reason: 'cancelled by the user' });
  });

  it('a rule allowed by the user lets the call run', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("*", function() return lug.ui.confirm("ok?") and "allow" or "deny" end)' });
    await s.runtime.loadStartup();
    const decision = s.approvals.decide(request(s.host, 'write', { path: 'x', content: '' }), signal());
    await s.ui.questions(1);
    s.ui.asked[0]!.answer(true);
    expect(await decision).toMatchObject({ allow: true });
  });

  it('a Lua error in a rule makes the call ask, with the Lua file and line in the reason', async () => {
    s = setup({
      'init.lua': `lug.tool.rule("bash", function(args)
  local n = nil
  return n.field
end)
`,
    });
    await s.runtime.loadStartup();
    const decision = s.approvals.decide(request(s.host, 'bash', { command: 'ls' }), signal());
    await waitFor(() => s!.approvals.queue.current());
    const reason = s.approvals.queue.current()!.call.reason!;
    expect(reason).toContain(`${s.lug.configDir}/init.lua:1`); // where the rule was made
    expect(reason).toContain(`${s.lug.configDir}/init.lua:3: attempt to index a nil value`); // where it failed
    s.approvals.queue.answer(s.approvals.queue.current()!.call.id, { kind: 'deny' });
    expect(await decision).toMatchObject({ allow: false });
  });

  it('a rule returning something that is not a verdict makes the call ask, saying what it returned', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("ls", function() return "yes" end)' });
    await s.runtime.loadStartup();
    const decision = s.approvals.decide(request(s.host, 'ls', {}), signal());
    await waitFor(() => s!.approvals.queue.current());
    expect(s.approvals.queue.current()!.call.reason).toContain('returned "yes"');
    s.approvals.queue.answer(s.approvals.queue.current()!.call.id, { kind: 'allow' });
    await decision;
  });

  it('a rule sees the call (tool, id, cwd) and gives a reason', async () => {
    s = setup({
      'init.lua': `lug.tool.rule("*", function(args, call)
  if call.tool == "write" and call.cwd ~= nil and args.path == "secret" then return "deny", "no secrets in " .. call.id end
end)`,
    });
    await s.runtime.loadStartup();
    const req = request(s.host, 'write', { path: 'secret', content: '' });
    expect(await s.approvals.decide(req, signal())).toMatchObject({ allow: false, reason: `no secrets in ${req.id}` });
  });

  it('each rule gets its own args and call: what one rule changes, no later rule and no tool sees', async () => {
    s = setup({
      'init.lua': `seen = {}
lug.tool.rule("write", function(args, call)
  seen[#seen + 1] = { args.path, args.marked == nil, args.list[1], #args.list, call.tool }
  args.marked = true
  args.path = "changed"
  args.list[1] = "changed"
  table.insert(args.list, "more")
  call.tool = "changed"
end)
lug.tool.rule("write", function(args, call)
  seen[#seen + 1] = { args.path, args.marked == nil, args.list[1], #args.list, call.tool }
  if args.path ~= "a" or call.tool ~= "write" then return "deny", "a rule saw a change" end
end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    const req = request(s.host, 'write', { path: 'a', content: '', list: ['x'] });
    expect(await s.approvals.decide(req, signal())).toMatchObject({ allow: true });
    expect(req.args).toEqual({ path: 'a', content: '', list: ['x'] });
    const { values } = await s.runtime.run('return seen');
    expect(values).toEqual([
      [
        ['a', true, 'x', 1, 'write'],
        ['a', true, 'x', 1, 'write'],
      ],
    ]);
  });

  it('a rule\'s error names its own file and line', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("write", function(args)\n  return args.nothing.deeper\nend)' });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    const checked = await s.approvals.check({ tool: 'write', args: { path: 'x', content: '' }, cwd: s.host.cwd });
    expect(checked.findings.map((f) => f.reason).join('\n')).toMatch(/init\.lua:2: attempt to index a nil value \(field 'nothing'\)/);
  });

  it('a field Lua cannot hold fails the Lua rule that reads it, and only that rule', async () => {
    s = setup({
      'init.lua': [
        'lug.tool.rule("write", function(args) return args.tag and "allow" end)',
        'lug.tool.rule("write", function(args) if args.path == "x" then return "deny", "no x" end end)',
      ].join('\n'),
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    const checked = await s.approvals.check({ tool: 'write', args: { path: 'x', content: '', tag: Symbol('not data') }, cwd: s.host.cwd });
    const reasons = checked.findings.map((f) => f.reason).join('\n');
    expect(reasons).toContain('no x');
    expect(reasons).toMatch(/init\.lua:1 failed: .*a JavaScript symbol cannot be given to Lua/);
    expect(await s.approvals.decide(request(s.host, 'write', { path: 'x', content: '' }), signal())).toMatchObject({ allow: false, reason: 'no x' });
  });

  it('the returned function removes the rule, and nil removes all of a tool\'s rules', async () => {
    s = setup({
      'init.lua': `remove_deny = lug.tool.rule("write", "deny")
lug.tool.rule("edit", "deny")
lug.tool.rule("edit", function() return "deny" end)`,
    });
    await s.runtime.loadStartup();
    await s.runtime.run('lug.opt.approval = "off"');
    expect(await s.approvals.decide(request(s.host, 'write', { path: 'a', content: '' }), signal())).toMatchObject({ allow: false });
    await s.runtime.run('remove_deny()');
    expect(await s.approvals.decide(request(s.host, 'write', { path: 'a', content: '' }), signal())).toMatchObject({ allow: true });
    await s.runtime.run('lug.tool.rule("edit", nil)');
    expect(await s.approvals.decide(request(s.host, 'edit', { path: 'a', old_string: 'a', new_string: 'b' }), signal())).toMatchObject({ allow: true });
  });

  it('an unknown verdict string is an error naming the allowed ones', async () => {
    s = setup();
    await expect(s.runtime.run('lug.tool.rule("bash", "maybe")')).rejects.toThrow(`:lua:1: bad argument #2 to 'lug.tool.rule' (rule: expected a function, "allow", "ask", "deny" or nil, got "maybe")`);
  });

  it('close() removes the rules Lua added', async () => {
    s = setup({ 'init.lua': 'lug.tool.rule("write", "deny")' });
    await s.runtime.loadStartup();
    s.runtime.close();
    s.host.options.set('approval', 'off');
    expect(await s.approvals.decide(request(s.host, 'write', { path: 'a', content: '' }), signal())).toMatchObject({ allow: true });
  });
});

describe('lug.session.approve', () => {
  it('answers in the dialog\'s place with a message for the model', async () => {
    s = setup({
      'init.lua': `lug.session.approve(function(call, preview)
  if call.tool == "bash" and preview.kind == "command" and preview.text:find("rm", 1, true) then
    return "deny", "no rm here"
  end
end)`,
    });
    s.host.tools.register(commandTool, 'test');
    await s.runtime.loadStartup();
    expect(await s.approvals.decide(request(s.host, 'bash', { command: 'rm x' }), signal())).toMatchObject({ allow: false, reason: 'no rm here' });
  });

  it('may wait, and "always" allows the tool from then on', async () => {
    s = setup({ 'init.lua': 'lug.session.approve(function(call) if lug.ui.confirm("let " .. call.tool .. "?") then return "always" end end)' });
    await s.runtime.loadStartup();
    const first = s.approvals.decide(request(s.host, 'write', { path: 'a', content: '' }), signal());
    await s.ui.questions(1);
    expect(s.ui.asked[0]!.message).toBe('let write?');
    s.ui.asked[0]!.answer(true);
    expect(await first).toMatchObject({ allow: true });
    expect(s.approvals.allowedAlways.list()).toContain('write');
  });
});

async function waitFor<T>(fn: () => T | undefined, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
