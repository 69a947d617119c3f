// A generated init.lua of the kind people write (options, approval rules, a
// tool, :commands, keys, helpers, a hook) ending in a Lua status line, whose
// text on the screen is the benchmark's proof that init.lua was applied.

/** The status line's fixed part: what the benchmark waits for. */
export const READY_MARKER = 'init.lua applied';

/** Keys the binary's own editing and the benchmark's typing do not use. */
const ALT_KEYS = 'bcdfghijklnopqrstuvxyz';

export function generateInitLua(lines = 200) {
  const head = [
    '-- A generated init.lua for the interface benchmark.',
    'lug.opt.tool_concurrency = 6',
    'lug.opt.max_turns = 50',
    'local M = {}',
    '',
    'lug.tool.register("project_notes", {',
    '  description = "Return the project notes kept by init.lua.",',
    '  ask = false,',
    '  parameters = { type = "object", properties = { topic = { type = "string" } } },',
    '  handler = function(args) return "notes on " .. (args.topic or "everything") end,',
    '})',
    'lug.tool.rule("write", function(args)',
    '  if args.path:match("%.env$") then return "deny", "no secrets" end',
    'end)',
    'lug.on("turn_end", function(e) M.turns = (M.turns or 0) + 1 end)',
    '',
  ];
  const tail = [
    '',
    'lug.opt.statusline = function(s)',
    '  local mode = s.auto and "AUTO" or s.approval',
    `  return string.format("${READY_MARKER} · %s · %s · ↑%d ↓%d · concurrency %d", mode, s.model or "no model", s.tokens_in, s.tokens_out, lug.opt.tool_concurrency)`,
    'end',
    'return M',
  ];
  const body = [];
  // The longest item is 5 lines: stop before overshooting, then pad with comments.
  for (let i = 0; head.length + body.length + tail.length + 5 <= lines; i++) {
    switch (i % 5) {
      case 0:
        body.push('lug.tool.rule("bash", function(args)', `  if args.command:match("^git log %-%-oneline ${i}") then return "allow" end`, 'end)');
        break;
      case 1:
        body.push(`lug.cmd.register("cmd_${i}", function(a) M.last = a; lug.ui.notify("cmd ${i}: " .. a) end, { desc = "command ${i}" })`);
        break;
      case 2:
        body.push(`function M.helper_${i}(t)`, '  local n = 0', '  for _, v in ipairs(t) do n = n + #tostring(v) end', '  return string.format("%d items, %d chars", #t, n)', 'end');
        break;
      case 3:
        body.push(`lug.keymap.set("<M-${ALT_KEYS[((i - 3) / 5) % ALT_KEYS.length]}>", ":cmd_${i - 2}", { desc = "key ${i}" })`);
        break;
      case 4:
        body.push(`M.table_${i} = { name = "entry ${i}", tags = { "a", "b", "c" }, size = ${i * 7} }`);
        break;
    }
  }
  while (head.length + body.length + tail.length < lines) body.push('-- (padding)');
  return `${[...head, ...body, ...tail].join('\n')}\n`;
}
