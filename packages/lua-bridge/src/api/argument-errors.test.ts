/**
 * Every lug.* function's typical mistakes, and the one message each gives:
 * "file:line: bad argument #i to 'lug.x' (what: expected …, got …)", an
 * unknown opts field naming the allowed ones, an extra argument naming the
 * parameters.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LuaError } from '../lua-error.js';
import { setup } from '../test-support.js';

const s = setup();
afterAll(() => s.runtime.close());

const TOOL = 'description = "d", handler = print';
const JSON_SCHEMA = 'a JSON Schema table like { type = "object", properties = { path = { type = "string" } } }';

/** [the call, the whole error message] */
const MISTAKES: Array<[string, string]> = [
  // lug.tool.register
  ['lug.tool.register(1, { ' + TOOL + ' })', `bad argument #1 to 'lug.tool.register' (name: expected string, got number)`],
  ['lug.tool.register("x")', `bad argument #2 to 'lug.tool.register' (spec: expected table, got no value)`],
  ['lug.tool.register("x", { descr = "d", handler = print })', `bad argument #2 to 'lug.tool.register' (spec: unknown field "descr"; the fields are: description, parameters, ask, keep, handler, describe)`],
  ['lug.tool.register("x", { description = 5, handler = print })', `bad argument #2 to 'lug.tool.register' (spec.description: expected a non-empty string (what the tool does, for the model), got number)`],
  ['lug.tool.register("x", { description = "", handler = print })', `bad argument #2 to 'lug.tool.register' (spec.description: expected a non-empty string (what the tool does, for the model), got "")`],
  ['lug.tool.register("x", { description = "d" })', `bad argument #2 to 'lug.tool.register' (spec.handler: expected function, got nil)`],
  ['lug.tool.register("x", { ' + TOOL + ', ask = "no" })', `bad argument #2 to 'lug.tool.register' (spec.ask: expected boolean, got string)`],
  ['lug.tool.register("x", { ' + TOOL + ', keep = "middle" })', `bad argument #2 to 'lug.tool.register' (spec.keep: expected "start" or "end", got "middle")`],
  ['lug.tool.register("x", { ' + TOOL + ', parameters = "path" })', `bad argument #2 to 'lug.tool.register' (spec.parameters: expected ${JSON_SCHEMA}, got string)`],
  ['lug.tool.register("x", { ' + TOOL + ', parameters = { "path" } })', `bad argument #2 to 'lug.tool.register' (spec.parameters: expected ${JSON_SCHEMA}, got table)`],
  ['lug.tool.register("x", { ' + TOOL + ' }, {})', `bad argument #3 to 'lug.tool.register' (unexpected argument; it takes: name, spec)`],
  // lug.tool.rule
  ['lug.tool.rule(nil, "allow")', `bad argument #1 to 'lug.tool.rule' (tool: expected string, got nil)`],
  ['lug.tool.rule("bash", "maybe")', `bad argument #2 to 'lug.tool.rule' (rule: expected a function, "allow", "ask", "deny" or nil, got "maybe")`],
  ['lug.tool.rule("bash", 1)', `bad argument #2 to 'lug.tool.rule' (rule: expected a function, "allow", "ask", "deny" or nil, got 1)`],
  // lug.session.approve
  ['lug.session.approve("allow")', `bad argument #1 to 'lug.session.approve' (fn: expected function, got string)`],
  // lug.ui
  ['lug.ui.confirm()', `bad argument #1 to 'lug.ui.confirm' (message: expected string, got no value)`],
  ['lug.ui.confirm("sure?", { default = true })', `bad argument #2 to 'lug.ui.confirm' (unexpected argument; it takes: message)`],
  ['lug.ui.notify("x", "loud")', `bad argument #2 to 'lug.ui.notify' (level: expected "info", "warn" or "error", got "loud")`],
  // lug.proc.run and lug.proc.spawn
  ['lug.proc.run("ls -la")', `bad argument #1 to 'lug.proc.run' (argv: expected a list of strings like { "git", "status" }, got string)`],
  ['lug.proc.run({})', `bad argument #1 to 'lug.proc.run' (argv: expected a list of strings like { "git", "status" }, got an empty table)`],
  ['lug.proc.run({ "ls", true })', `bad argument #1 to 'lug.proc.run' (argv[2]: expected string, got true)`],
  ['lug.proc.run({ "true" }, "/tmp")', `bad argument #2 to 'lug.proc.run' (opts: expected table, got string)`],
  ['lug.proc.run({ "true" }, { timeout_secs = 1 })', `bad argument #2 to 'lug.proc.run' (opts: unknown field "timeout_secs"; the fields are: cwd, env, timeout, stdin, max_bytes)`],
  ['lug.proc.run({ "true" }, { cwd = 1 })', `bad argument #2 to 'lug.proc.run' (opts.cwd: expected string, got number)`],
  ['lug.proc.run({ "true" }, { env = { GIT_PAGER = false } })', `bad argument #2 to 'lug.proc.run' (opts.env.GIT_PAGER: expected string, got boolean)`],
  ['lug.proc.run({ "true" }, { env = "A=1" })', `bad argument #2 to 'lug.proc.run' (opts.env: expected table of strings like { GIT_PAGER = "cat" }, got string)`],
  ['lug.proc.run({ "true" }, { timeout = 0 })', `bad argument #2 to 'lug.proc.run' (opts.timeout: expected a number of seconds greater than 0, got 0)`],
  ['lug.proc.run({ "true" }, { stdin = {} })', `bad argument #2 to 'lug.proc.run' (opts.stdin: expected string, got table)`],
  ['lug.proc.run({ "true" }, { max_bytes = -1 })', `bad argument #2 to 'lug.proc.run' (opts.max_bytes: expected a number greater than 0, got -1)`],
  ['lug.proc.spawn({ "sleep", "1" }, { detach = true })', `bad argument #2 to 'lug.proc.spawn' (opts: unknown field "detach"; the fields are: cwd, env, timeout, stdin, max_bytes)`],
  // lug.on and lug.off
  ['lug.on("turn_begin", print)', `bad argument #1 to 'lug.on' (event: expected "session_start", "turn_start", "request_start", "response_start", "retry", "text_delta", "reasoning_delta", "assistant_message", "tool_call", "approval_request", "approval_decision", "tool_start", "tool_progress", "tool_result", "usage", "context", "compaction_start", "after_compact", "mode_change", "option_change", "turn_end", "checkpoint", "rewind", "plan", "subagent_start", "subagent_event", "subagent_end", "error", "notify", "before_compact", "before_request", "before_turn" or "*", got "turn_begin")`],
  ['lug.on("turn_end")', `bad argument #2 to 'lug.on' (fn: expected function, got no value)`],
  ['lug.off("x")', `bad argument #1 to 'lug.off' (remover: expected the function lug.on returned, got string)`],
  ['lug.off(1.5)', `bad argument #1 to 'lug.off' (remover: expected the function lug.on returned, got number)`],
  // lug.cmd.register
  ['lug.cmd.register("today", print, { desc = 3 })', `bad argument #3 to 'lug.cmd.register' (opts.desc: expected string, got number)`],
  ['lug.cmd.register("today", print, { descr = "Show the date" })', `bad argument #3 to 'lug.cmd.register' (opts: unknown field "descr"; the fields are: desc, complete)`],
  ['lug.cmd.register("today", print, { complete = { "a" } })', `bad argument #3 to 'lug.cmd.register' (opts.complete: expected function, got table)`],
  ['lug.cmd.register("today", "print")', `bad argument #2 to 'lug.cmd.register' (fn: expected function, got string)`],
  // lug.keymap.set
  ['lug.keymap.set("<C-t>", ":auto", { descr = "Toggle" })', `bad argument #3 to 'lug.keymap.set' (opts: unknown field "descr"; the fields are: desc, mode, nowait, silent, noremap)`],
  ['lug.keymap.set("<C-t>", ":auto", { desc = true })', `bad argument #3 to 'lug.keymap.set' (opts.desc: expected string, got boolean)`],
  ['lug.keymap.set("<C-t>", "auto")', `bad argument #2 to 'lug.keymap.set' (rhs: expected a function or a ":command" string (":auto", "<cmd>auto<CR>"), got "auto")`],
  ['lug.keymap.set(1, ":auto")', `bad argument #1 to 'lug.keymap.set' (lhs: expected string, got number)`],
  ['lug.keymap.set("n", "<C-t>", "auto")', `bad argument #3 to 'lug.keymap.set' (rhs: expected a function or a ":command" string (":auto", "<cmd>auto<CR>"), got "auto")`],
  ['lug.keymap.set("v", "<C-t>", ":auto")', `bad argument #1 to 'lug.keymap.set' (mode: expected "n" (vi normal mode), "i" (the prompt's editing) or a list of them, got "v")`],
  ['lug.keymap.set({ "n", "x" }, "<C-t>", ":auto")', `bad argument #1 to 'lug.keymap.set' (mode[2]: expected "n" or "i", got "x")`],
  ['lug.keymap.set("n", "<C-t>", ":auto", { mode = "i" })', `bad argument #4 to 'lug.keymap.set' (opts.mode: the mode is given twice; give it as the first argument or as opts.mode)`],
  ['lug.keymap.set("<C-x", ":auto")', `bad argument #1 to 'lug.keymap.set' (lhs: "<C-x": the < of "<C-x" opens a key name that is not closed with >; write the whole name, such as <C-x>, or <lt> for the character <)`],
  ['lug.keymap.set("", ":auto")', `bad argument #1 to 'lug.keymap.set' (lhs: the key notation is empty: give at least one key, such as "<C-t>", "gg" or "<leader>x")`],
  ['lug.keymap.set("n", "<F5>", ":auto")', `bad argument #2 to 'lug.keymap.set' (lhs: <F5> cannot be bound: function keys (F1…F12) are not reported by the terminal library lug reads keys with; keys that can be: a printable character, <leader>, <lt> (for <), <Bslash>, <Bar>, <Space>, <CR>, <Esc>, <Tab>, <BS>, <Up>, <Down>, <Left>, <Right>, <Home>, <End>, <PageUp>, <PageDown>, with the modifiers C- (Ctrl, with a letter or a named key), M- (Alt) and S- (Shift, with a named key))`],
  ['lug.keymap.set("<Foo>", ":auto")', `bad argument #1 to 'lug.keymap.set' (lhs: unknown key name <Foo>; the keys are: a printable character, <leader>, <lt> (for <), <Bslash>, <Bar>, <Space>, <CR>, <Esc>, <Tab>, <BS>, <Up>, <Down>, <Left>, <Right>, <Home>, <End>, <PageUp>, <PageDown>, with the modifiers C- (Ctrl, with a letter or a named key), M- (Alt) and S- (Shift, with a named key))`],
  // lug.keymap.del
  ['lug.keymap.del("n", "zz")', `bad argument #2 to 'lug.keymap.del' (lhs: no key "zz" bound from Lua in mode n; no key is bound from Lua; :map lists every key)`],
  ['lug.keymap.del(2)', `bad argument #1 to 'lug.keymap.del' (lhs: expected string, got number)`],
  // lug.plugin
  ['lug.plugin()', `bad argument #1 to 'lug.plugin' (name: expected an npm package name (like "lug-plugin-foo" or "@scope/foo"), got no value)`],
  ['lug.plugin("../evil")', `bad argument #1 to 'lug.plugin' (name: expected an npm package name (like "lug-plugin-foo" or "@scope/foo"), got "../evil")`],
  // lug.docs
  ['lug.docs.search()', `bad argument #1 to 'lug.docs.search' (words: expected string, got no value)`],
  ['lug.docs.search("tool", "5")', `bad argument #2 to 'lug.docs.search' (limit: expected integer, got string)`],
  ['lug.docs.get(1)', `bad argument #1 to 'lug.docs.get' (name: expected string, got number)`],
  // lug.config
  ['lug.config.plugins(true)', `bad argument #1 to 'lug.config.plugins' (unexpected argument; it takes none)`],
  // lug.opt: the key; values keep the options store's own messages
  ['lug.opt[1] = "x"', `bad argument #2 to 'lug.opt' (name: expected string, got number)`],
  ['return lug.opt[true]', `bad argument #2 to 'lug.opt' (name: expected string, got boolean)`],
];

async function errorOf(code: string): Promise<string> {
  try {
    await s.runtime.run(code, '@init.lua');
  } catch (err) {
    if (err instanceof LuaError) return err.luaMessage;
    throw err;
  }
  return 'no error';
}

describe('a bad argument to any lug.* function', () => {
  it.each(MISTAKES)('%s', async (code, message) => {
    expect(await errorOf(code)).toBe(`init.lua:1: ${message}`);
  });

  it('registers nothing', () => {
    expect(s.host.tools.get('x')).toBeUndefined();
    expect(s.host.commands.get('today')).toBeUndefined();
    expect(s.host.keys.get('<C-t>')).toBeUndefined();
  });
});
