-- Plan mode: `:plan` (or Alt-P) enters a mode in which only calls that read
-- or search run; every other call is denied with a reason that tells the
-- model to propose a plan instead. When the model's turn ends, a dialog asks
-- whether to accept the plan: yes leaves plan mode and starts the work, no
-- stays in plan mode. The status line shows PLAN meanwhile.
--
-- It is made of a mode (lug.mode: an editor offers it beside the approval
-- modes), one rule on every tool while it is on (judging the call's kind, not
-- its tool's name), a command, a key and a hook. Turn it off with
-- `lug.workflow.disable("plan")` in init.lua; change it by copying this file
-- to `<config>/workflows/plan.lua`.

-- The kinds of call that run in plan mode: they change nothing.
local READ_ONLY = { read = true, search = true }
-- Tools that change nothing in the project whatever their kind: the model's own todo list.
local ALSO_ALLOWED = { todo = true }

local REASON = "plan mode is on: nothing may be changed until the user accepts a plan. "
  .. "Read and search what you need, then present your plan (the steps, and the files you would change) and end your turn; "
  .. "the user accepts it to start the work."

local ACCEPT = "Accept the plan and start the work? (no stays in plan mode)"
local START = "The plan is accepted: plan mode is over. Carry out the plan now."

-- The rule that denies: registered only while plan mode is on, so calls outside plan mode pay nothing for it.
local function judge(_, call)
  if READ_ONLY[call.kind] or ALSO_ALLOWED[call.tool] then return nil end
  return "deny", REASON
end

local remove_rule = nil

-- Put plan mode in force, or lift it: its rule and its badge. lug.mode calls it, whoever switches the mode.
local function apply(value)
  if value and not remove_rule then
    local ruled, remove = pcall(lug.tool.rule, "*", judge)
    -- Without its rule plan mode would refuse nothing (lug embedded without approvals): it stays off.
    if not ruled then error("plan mode is not available: " .. tostring(remove)) end
    remove_rule = remove
  elseif not value and remove_rule then
    remove_rule()
    remove_rule = nil
  end
  lug.ui.badge("plan", value and "PLAN" or nil)
end

-- A mode beside the approval modes: an editor over ACP offers it as a session mode.
lug.mode.define("plan", {
  name = "Plan",
  description = "only reading and searching run until you accept the model's plan",
  apply = apply,
})

local function on()
  return lug.mode.current() == "plan"
end

lug.cmd.register("plan", function(args)
  local word = (args or ""):match("^%s*(%S*)")
  if word == "on" then lug.mode.set("plan", true)
  elseif word == "off" then lug.mode.set("plan", false)
  elseif word == "" then lug.mode.set("plan", not on())
  else error('":plan" takes "on", "off" or nothing (to switch), got "' .. word .. '"') end
  lug.ui.notify(on() and "plan mode: only reading and searching run until you accept a plan" or "plan mode is off")
end, { desc = "Plan mode: only read-only calls run until you accept the model's plan (:plan on, :plan off)" })

lug.keymap.set("<M-p>", ":plan", { desc = "switch plan mode on or off (as :plan)" })

-- The model's turn ended with its plan: accepting it leaves plan mode and starts the work.
lug.on("turn_end", function(e)
  if not on() or e.reason ~= "done" then return end
  if lug.ui.confirm(ACCEPT) then
    lug.mode.set("plan", false)
    lug.session.send(START)
  end
end)
