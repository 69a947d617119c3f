-- The todo list the model keeps: a `todo` tool with which it writes its plan
-- as items with states, shown above the input while a turn runs and by
-- `:todo`, published as the plan of the work (lug.ui.plan: an editor's plan
-- view over ACP), and kept in the session (lug.session.state), so
-- `--continue` and `:resume` bring it back.
--
-- Turn it off with `lug.workflow.disable("todo")` in init.lua; change it by
-- copying this file to `<config>/workflows/todo.lua`.

local STATES = { "pending", "in_progress", "done", "cancelled" }
local MARKS = { pending = "☐", in_progress = "◐", done = "☑", cancelled = "✗" }
local KEY = "todo"

local function items()
  return lug.session.state(KEY) or {}
end

local function counts(list)
  local done = 0
  for _, item in ipairs(list) do
    if item.state == "done" or item.state == "cancelled" then done = done + 1 end
  end
  return done, #list
end

-- The list as lines: a heading with how far along it is, then one line an item.
local function lines(list)
  local done, total = counts(list)
  local out = { string.format("todo %d/%d", done, total) }
  for _, item in ipairs(list) do
    out[#out + 1] = string.format("  %s %s", MARKS[item.state] or "?", item.text)
  end
  return out
end

local running = false

-- The list as plan entries (an editor's plan view over ACP): a cancelled item is finished, and says so.
local PLAN_STATUS = { pending = "pending", in_progress = "in_progress", done = "completed", cancelled = "completed" }
local function plan(list)
  local entries = {}
  for i, item in ipairs(list) do
    local content = item.state == "cancelled" and (item.text .. " (cancelled)") or item.text
    entries[i] = { content = content, status = PLAN_STATUS[item.state] or "pending" }
  end
  return entries
end

local function show()
  local list = items()
  if running and #list > 0 then
    lug.ui.panel(KEY, lines(list))
  else
    lug.ui.panel(KEY, nil)
  end
end

-- What is wrong with the model's list, or nil: it is an attacker's input like any call's arguments.
local function problem(todos)
  if type(todos) ~= "table" then return "todos must be a list of { text, state }" end
  for i, item in ipairs(todos) do
    if type(item) ~= "table" or type(item.text) ~= "string" or item.text == "" then
      return string.format("item %d needs a non-empty text", i)
    end
    if not MARKS[item.state] then
      return string.format("item %d's state is %s; the states are %s", i, tostring(item.state), table.concat(STATES, ", "))
    end
  end
  return nil
end

lug.tool.register("todo", {
  description = "Write your plan for the task as a todo list, and keep it up to date as you work: "
    .. "send the whole list each time, every item with its state (pending, in_progress, done, cancelled). "
    .. "Use it for work of several steps; keep one item in_progress at a time, and mark an item done as soon as it is. "
    .. "The user sees the list while you work.",
  parameters = {
    type = "object",
    properties = {
      todos = {
        type = "array",
        description = "The whole list, in order.",
        items = {
          type = "object",
          properties = {
            text = { type = "string", description = "What to do, in a few words." },
            state = { type = "string", enum = STATES },
          },
          required = { "text", "state" },
        },
      },
    },
    required = { "todos" },
  },
  -- Writing the list changes nothing in the project: it runs without asking.
  ask = false,
  describe = function(args)
    local n = type(args.todos) == "table" and #args.todos or 0
    return { title = string.format("%d item%s", n, n == 1 and "" or "s"), kind = "other" }
  end,
  handler = function(args)
    local why = problem(args.todos)
    if why then return nil, why .. "; nothing was changed" end
    local list = {}
    for i, item in ipairs(args.todos) do list[i] = { text = item.text, state = item.state } end
    lug.session.state(KEY, list)
    show()
    lug.ui.plan(plan(list))
    local done, total = counts(list)
    return table.concat(lines(list), "\n") .. (done == total and total > 0 and "\nEvery item is finished." or "")
  end,
})

lug.on("turn_start", function()
  running = true
  show()
end)

lug.on("turn_end", function()
  running = false
  show()
end)

-- A new, resumed or continued conversation has its own list; a rewound one, the list it had then.
local function shown_again()
  show()
  lug.ui.plan(plan(items()))
end
lug.on("session_start", shown_again)
lug.on("rewind", shown_again)

lug.cmd.register("todo", function()
  local list = items()
  if #list == 0 then
    lug.ui.notify("no todo list in this conversation yet (the model writes one with the todo tool)")
  else
    lug.ui.notify(table.concat(lines(list), "\n"))
  end
end, { desc = "Show the model's todo list" })
