-- Prompt files: each Markdown file in ~/.config/lug/prompts/ and in the
-- project's .lug/prompts/ becomes a command, `:NAME args`, that sends the
-- file's text as a prompt with `$ARGUMENTS` replaced by everything after the
-- name and `$1`, `$2`… by its words ("quoted words" count as one). Front
-- matter may set a `description` (shown by :help and completion) and a
-- `model` (used for that prompt's turn). A project's file wins over yours of
-- the same name.
--
-- Turn it off with `lug.workflow.disable("prompts")` in init.lua; change it
-- by copying this file to `<config>/workflows/prompts.lua`.

local DIRS = {
  lug.config.dir .. "/prompts",
  lug.cwd() .. "/.lug/prompts",
}

-- The words of a command's arguments: spaces part them, "double" or 'single' quotes keep one together.
local function words(args)
  local out, i = {}, 1
  while true do
    local s = args:find("%S", i)
    if not s then break end
    local quote = args:sub(s, s)
    if quote == '"' or quote == "'" then
      local e = args:find(quote, s + 1, true) or (#args + 1)
      out[#out + 1] = args:sub(s + 1, e - 1)
      i = e + 1
    else
      local e = args:find("%s", s) or (#args + 1)
      out[#out + 1] = args:sub(s, e - 1)
      i = e
    end
  end
  return out
end

local function fill(template, args)
  local list = words(args)
  local text = template:gsub("%$ARGUMENTS", function() return args end)
  text = text:gsub("%$(%d+)", function(n) return list[tonumber(n)] or "" end)
  return text
end

-- The prompt files, by command name: later directories (the project's) win.
local function find()
  local found = {}
  for _, dir in ipairs(DIRS) do
    if lug.fs.exists(dir) then
      for _, entry in ipairs(lug.fs.list(dir)) do
        local name = entry:match("^([%a][%w_-]*)%.md$")
        if name then found[name] = dir .. "/" .. entry end
      end
    end
  end
  return found
end

-- The model a prompt file asked for, and the one to go back to once its turn ends.
local pending_model, restore_model

lug.on("turn_start", function(e)
  if pending_model and e.prompt == pending_model.prompt then
    restore_model = pending_model.previous
    pending_model = nil
  end
end)

lug.on("turn_end", function()
  if restore_model ~= nil then
    lug.opt.model = restore_model ~= false and restore_model or nil
    restore_model = nil
  end
end)

-- The commands made so far, by name: the file each sends, the description it was made with, and its remover.
local made = {}

local function register(name, file, desc)
  return lug.cmd.register(name, function(args)
    -- Read again at each use: an edited file takes effect at once.
    local fields, body = lug.str.front_matter(lug.fs.read(file))
    local prompt = fill(body, args or ""):gsub("^%s+", ""):gsub("%s+$", "")
    if fields.model and fields.model ~= "" then
      pending_model = { prompt = prompt, previous = lug.opt.model or false }
      lug.opt.model = fields.model
    end
    lug.session.send(prompt)
  end, { desc = desc })
end

-- The folders as they are now: a command for each file added, changed (its
-- description) or removed since the last look. A file that cannot be read
-- is said once, until it changes.
local function sync()
  local found = find()
  for name, cmd in pairs(made) do
    if found[name] ~= cmd.file then
      if cmd.remove then cmd.remove() end
      made[name] = nil
    end
  end
  for name, file in pairs(found) do
    local ok, text = pcall(lug.fs.read, file)
    local desc = ok and (lug.str.front_matter(text).description or ("prompt file " .. file)) or nil
    local cmd = made[name]
    if not cmd or cmd.desc ~= desc then
      if cmd and cmd.remove then cmd.remove() end
      local done, remove = false, nil
      if ok then done, remove = pcall(register, name, file, desc) end
      made[name] = { file = file, desc = desc, remove = done and remove or nil }
      if not done then lug.ui.notify("prompt file " .. file .. " is not a command: " .. tostring(ok and remove or text), "warn") end
    end
  end
end

sync()
-- Looked at again before each read of the commands: a new file is a command at its next use, in completion and in :help.
lug.cmd.refresh(sync)
