-- Finding TODO and FIXME comments, shared by the tool and the :todos command.
local M = {}

M.words = { "TODO", "FIXME" }

--- The marked lines under `dir` (relative to the project directory; default
--- the whole project), as "path:line: text" sorted by path, at most `limit`.
--- grep gets an argument list, never a shell string: no text can become a command.
---@param dir string|nil
---@param limit integer
---@return string[] lines, boolean more
function M.find(dir, limit)
  local r = lug.proc.run({
    "grep", "-rnI", "-E", "\\b(" .. table.concat(M.words, "|") .. ")\\b",
    "--exclude-dir=.git", "--exclude-dir=node_modules", "--", dir or ".",
  }, { timeout = 30 })
  -- grep: 0 found, 1 found nothing, 2 trouble.
  if r.code ~= 0 and r.code ~= 1 then
    error("grep failed: " .. (r.stderr ~= "" and r.stderr or "it was killed"), 0)
  end
  local lines = {}
  for out in r.stdout:gmatch("[^\n]+") do
    local path, line, text = out:match("^(.-):(%d+):(.*)$")
    if path then
      path = path:gsub("^%./", "")
      lines[#lines + 1] = string.format("%s:%s: %s", path, line, text:match("^%s*(.-)%s*$"))
    end
  end
  table.sort(lines)
  local more = #lines > limit
  while #lines > limit do table.remove(lines) end
  return lines, more
end

return M
