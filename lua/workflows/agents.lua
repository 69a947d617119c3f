-- Subagents: the `task` tool, with which the model hands a self-contained job
-- to a subagent (a separate conversation with its own context and only the
-- tools its agent names) and gets back only its final answer.
--
-- Agents come from lug.agent.define (in init.lua or a plugin, which load
-- before this file) and from Markdown files with front matter in
-- ~/.config/lug/agents/ and the project's .lug/agents/ (the project's win):
--
--   ---
--   name: explore                      (default: the file's name)
--   description: Finds where things are in the code base
--   tools: read, grep, ls              (default: every tool but task)
--   model: anthropic/claude-haiku-4-5  (default: the session's)
--   ---
--   Search and read; answer with paths and line numbers. Change nothing.
--
-- Turn it off with lug.workflow.disable("agents") in init.lua; change it by
-- copying this file to ~/.config/lug/workflows/agents.lua.

local M = {}

--- "read, grep" or "[read, grep]" as a list of names.
function M.tool_list(value)
  if value == nil or value == "" then return nil end
  local list = {}
  for name in value:gsub("^%[", ""):gsub("%]$", ""):gmatch("[^,%s]+") do
    list[#list + 1] = name:gsub('^"(.*)"$', "%1"):gsub("^'(.*)'$", "%1")
  end
  return list
end

--- Define one agent from a Markdown file; a broken file is a warning, never the end of the others.
function M.define_from_file(path)
  local ok, err = pcall(function()
    local fields, body = lug.str.front_matter(lug.fs.read(path))
    local name = fields.name or path:match("([^/]+)%.md$")
    if not fields.description then error("its front matter has no description (say when the model should use this agent)") end
    lug.agent.define(name, {
      description = fields.description,
      tools = M.tool_list(fields.tools),
      prompt = body:match("^%s*(.-)%s*$"),
      model = fields.model ~= "" and fields.model or nil,
    })
  end)
  if not ok then lug.ui.notify("agent file " .. path .. " was not loaded: " .. tostring(err), "warn") end
end

function M.load_dir(dir)
  if not lug.fs or not lug.fs.exists(dir) then return end
  for _, name in ipairs(lug.fs.list(dir)) do
    if name:match("%.md$") then M.define_from_file(dir .. "/" .. name) end
  end
end

M.load_dir(lug.config.dir .. "/agents")
M.load_dir(".lug/agents")

local agents = lug.agent.list()
if #agents == 0 then return M end

local names, lines = {}, {}
for _, agent in ipairs(agents) do
  names[#names + 1] = agent.name
  lines[#lines + 1] = "- " .. agent.name .. ": " .. agent.description
end

lug.tool.register("task", {
  description = "Hand a self-contained job to a subagent: a separate conversation with its own context and tools, which works on its own and returns only its final answer. "
    .. "Give it everything it needs in the prompt (it sees nothing of this conversation) and say what it should report. Several tasks in one answer run at once. The agents:\n"
    .. table.concat(lines, "\n"),
  parameters = {
    type = "object",
    properties = {
      agent = { type = "string", enum = names, description = "The agent that does the job." },
      prompt = { type = "string", description = "The job, self-contained, and what to answer with." },
    },
    required = { "agent", "prompt" },
    additionalProperties = false,
  },
  -- The subagent's own calls ask for approval; handing it the job does not.
  ask = false,
  describe = function(args)
    return { title = args.agent .. ": " .. (args.prompt:match("^[^\n]*") or ""):sub(1, 80), kind = "other" }
  end,
  handler = function(args, call)
    return lug.agent.run(args.agent, args.prompt, call)
  end,
})

return M
