-- todos: a Lua plugin for lug. Install it by copying this directory into
-- ~/.config/lug/plugins/ (e.g. ~/.config/lug/plugins/todos/).
--
-- It adds a tool (todos), a rule (no tool may touch a file holding secrets)
-- and a :command (:todos). Its modules live in lua/todos/, found by require.
local search = require("todos.search")
local secrets = require("todos.secrets")

local LIMIT = 200

lug.tool.register("todos", {
  description = "List the TODO and FIXME comments in the project, as path:line: text. Skips .git, node_modules and binary files.",
  ask = false,
  parameters = { type = "object", properties = {} },
  handler = function()
    local lines, more = search.find(nil, LIMIT)
    if #lines == 0 then return "No TODO or FIXME comments in the project." end
    if more then lines[#lines + 1] = string.format("[only the first %d are shown]", LIMIT) end
    return table.concat(lines, "\n")
  end,
})

-- The first "deny" wins, even in auto mode, so this holds whatever else allows.
lug.tool.rule("*", function(_, call)
  if call.abs_path and secrets.is_secret(call.abs_path) then
    return "deny", call.abs_path .. " holds secrets; the todos plugin keeps every tool away from it"
  end
end)

lug.cmd.register("todos", function(args)
  local dir = args:match("^%s*(.-)%s*$")
  local lines, more = search.find(dir ~= "" and dir or nil, LIMIT)
  if #lines == 0 then
    lug.ui.notify("no TODO or FIXME comments in " .. (dir ~= "" and dir or "the project"))
    return
  end
  lug.ui.notify(string.format("%d TODO/FIXME comment%s%s:\n%s", #lines, #lines == 1 and "" or "s", more and " (first " .. LIMIT .. ")" or "", table.concat(lines, "\n")))
end, { desc = "list the TODO and FIXME comments in the project (or in the directory given)" })
