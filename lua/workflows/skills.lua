-- Skills, in the Agent Skills format: a folder holding SKILL.md, whose front
-- matter has a `name` and a `description`, and maybe other files the body
-- mentions. They are found in ~/.config/lug/skills/ and in the project's
-- .lug/skills/, .claude/skills/ and .agents/skills/. Only each skill's name
-- and description go into the system prompt; the model loads a skill's body
-- with the `skill` tool when the task calls for it (and reads the folder's
-- other files with the read tool), so a skill costs context only when used.
--
-- Turn it off with `lug.workflow.disable("skills")` in init.lua; change it by
-- copying this file to `<config>/workflows/skills.lua`.

local DIRS = {
  lug.config.dir .. "/skills",
  lug.cwd() .. "/.lug/skills",
  lug.cwd() .. "/.claude/skills",
  lug.cwd() .. "/.agents/skills",
}

-- The skills found, by name (a later directory wins), and their names in order.
local skills, names = {}, {}

for _, dir in ipairs(DIRS) do
  if lug.fs.exists(dir) then
    for _, entry in ipairs(lug.fs.list(dir)) do
      -- lug.fs.list ends a directory's name with "/": each skill is a folder.
      local folder = entry:match("^(.+)/$") and dir .. "/" .. entry:sub(1, -2)
      local file = folder and folder .. "/SKILL.md"
      if file and lug.fs.exists(file) then
        local ok, fields = pcall(function() return (lug.str.front_matter(lug.fs.read(file))) end)
        if not ok then
          lug.ui.notify("skill " .. file .. " cannot be read: " .. tostring(fields), "warn")
        elseif not fields.name or fields.name == "" or not fields.description or fields.description == "" then
          lug.ui.notify("skill " .. file .. " is left out: its front matter needs a name and a description", "warn")
        else
          if not skills[fields.name] then names[#names + 1] = fields.name end
          skills[fields.name] = { name = fields.name, description = fields.description, folder = folder, file = file }
        end
      end
    end
  end
end

if #names == 0 then return end
table.sort(names)

local lines = {
  "Skills are instructions for particular tasks. When a task matches a skill's description, "
    .. "call the skill tool with its name before you start, and follow what it says; "
    .. "its folder's other files are read with the read tool when it mentions them.",
  "",
}
for _, name in ipairs(names) do
  lines[#lines + 1] = string.format("- %s: %s", name, skills[name].description)
end
lug.prompt.add("Skills", table.concat(lines, "\n"))

lug.tool.register("skill", {
  description = "Load a skill: its instructions (the body of its SKILL.md) and the files of its folder. "
    .. "The skills, with what each is for, are listed in the system prompt.",
  parameters = {
    type = "object",
    properties = { name = { type = "string", description = "The skill's name, as listed.", enum = names } },
    required = { "name" },
  },
  ask = false,
  describe = function(args)
    local skill = skills[args.name]
    return { title = tostring(args.name), kind = "read", paths = skill and { { path = skill.file, access = "read" } } or {} }
  end,
  handler = function(args)
    local skill = skills[args.name]
    if not skill then return nil, string.format("no skill named %q; the skills are %s", tostring(args.name), table.concat(names, ", ")) end
    local _, body = lug.str.front_matter(lug.fs.read(skill.file))
    local files = {}
    for _, entry in ipairs(lug.fs.list(skill.folder)) do
      if entry ~= "SKILL.md" then files[#files + 1] = skill.folder .. "/" .. entry end
    end
    local out = string.format("# Skill %s (%s)\n\n%s", skill.name, skill.folder, body)
    if #files > 0 then out = out .. "\n\nFiles in its folder:\n" .. table.concat(files, "\n") end
    return out
  end,
})
