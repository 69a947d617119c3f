---@meta

---lug is shaped in Lua: your `init.lua` (in `$XDG_CONFIG_HOME/lug/`, by default `~/.config/lug/`) and your plugins (`…/lug/plugins/<name>/init.lua`, each with an optional `lua/` folder for `require`) set options, write approval rules, add tools, `:commands` and keys, and react to events. Everything goes through one global table, `lug` (also `require("lug")`). It takes no new fields (`lug.authorize = f` is an error): rules and approvers add to the approvals that guard every tool call, and nothing in it replaces or removes them.
---
---lug loads the stock runtime `basic.lug` first, then `init.lua`, then each plugin in name order. A file that fails to load is reported with its file and line, and the rest still loads.
---
---A wrong argument to a `lug` function is an error at your line, in one shape for every function: which argument, of which function, what it should be and what it was. A table of options or a spec takes only the fields documented for it: a field it does not know (a typo) is an error naming the ones it takes, and so is an argument more than the function takes (trailing nils are fine). `pcall` catches these errors like any other.
---
---```text
---init.lua:3: bad argument #3 to 'lug.cmd.register' (opts.desc: expected string, got number)
---init.lua:4: bad argument #3 to 'lug.keymap.set' (opts: unknown field "descr"; the fields are: desc)
---init.lua:5: bad argument #2 to 'lug.proc.run' (opts.env.GIT_PAGER: expected string, got boolean)
---init.lua:6: bad argument #2 to 'lug.ui.notify' (level: expected "info", "warn" or "error", got "loud")
---```
---
---Every call from lug into Lua (a rule, a tool handler, a hook, a command) runs on its own coroutine, so a function that waits, such as `lug.ui.confirm` or `lug.proc.run`, reads as straight-line code. Functions that wait cannot be called where Lua cannot pause: inside a `table.sort` comparator, a `string.gsub` replacement function or a metamethod.
---
---No call can hang lug: one that runs more than `lug.opt.lua_budget` instructions (10,000,000 by default, about a second) without waiting is stopped with an error naming the file and line (`init.lua:3: ran past its budget of 10000000 instructions without waiting (lug.opt.lua_budget), so lug stopped it: a loop that never ends?`), which `pcall` cannot catch for long. A rule stopped so has failed (see `lug.opt.rule_failure`), init.lua stopped so has failed to load. Each wait (`lug.ui.confirm`, `lug.proc.run`…) starts a new budget.
---@class lug
lug = {}

---Options, read and written as fields: `lug.opt.approval = "off"`, `lug.opt.tool_concurrency = 4`. Assigning an unknown option or a value of the wrong kind is an error that names the allowed values; assigning nil restores the default. `pairs(lug.opt)` lists every option and its value. Search lug.docs for "lug.opt" to see each option.
---@type table<string, any>
lug.opt = {}

---Tools for the model, and approval rules.
---@class lug.tool
lug.tool = {}

---Register a tool. It is offered to the model like the built-in tools; its handler runs on its own coroutine and may wait (on `lug.proc.run`, `lug.ui.confirm`). A name already used by a built-in or a JavaScript plugin is an error; registering a name a Lua file already registered replaces that tool.
---
---```lua
---lug.tool.register("today", {
---   description = "Return today's date.",
---   ask = false,
---   handler = function()
---     return lug.proc.run({ "date", "+%F" }).stdout
---   end,
---})
---```
---@param name string Letters, digits, `_` and `-`, starting with a letter.
---@param spec lug.ToolSpec
---@return fun() remove Unregisters the tool.
function lug.tool.register(name, spec) end

---Add an approval rule for one tool, or for every tool with `"*"`. A rule is a function `fn(args, call)` returning `"allow"`, `"ask"`, `"deny"` or nil (no opinion), optionally followed by a reason; or one of those verdicts as a string. Each call runs the rules for its tool and for `"*"` in the order they were made: the first `"deny"` denies it, even in auto mode; otherwise any `"ask"` asks, then any rule that failed (with the Lua error, file and line as the reason), and any `"allow"` allows. A rule may wait (on `lug.ui.confirm`): the call waits for its answer. Each rule gets its own `args` and `call`, tables that fill in as the rule reads them (a field crosses into Lua when first read, once a call whatever the number of rules); to the rule, `pairs`, `next`, `#` and every lug function see them whole. A rule may change them, and neither the rules after it nor the tool sees the change. nil in place of a rule removes all of the tool's rules.
---
---```lua
---lug.tool.rule("bash", function(args)
---   if args.command:match("^git status") then return "allow" end
---   return "ask"
---end)
---lug.tool.rule("write", "deny")
---```
---
---A rule can carry examples, checked when it is made (as Codex checks its rule files): each key is a command line (judged part by part, as a bash call's) or a JSON object of arguments, each value the verdict the rule alone must give — `"deny"` if it denies a part, else `"ask"` if it asks for one, else `"allow"` if it allows every part, else `"none"`. `lug.tool.rule` waits for the check; an example the rule answers otherwise is an error at this line (in `init.lua`, a load error naming the file and line, the example and what the rule answered), and the rule is not added. `lug rules check` and `:rules test` try a rule on any call.
---
---```lua
---lug.tool.rule("bash", function(args)
---  if args.command:match("^git status") then return "allow" end
---end, { examples = { ["git status"] = "allow", ["git status; rm -rf x"] = "none" } })
---```
---@param tool string A tool name, or "*" for every tool. A name lug has no tool of (`"bsh"`) is a warning naming the nearest tools, once start-up is over (a plugin may register the tool later); MCP tools (`mcp__server__tool`) come after start-up and are never warned about. The rule is kept.
---@param rule (fun(args: table, call: lug.RuleCall): (string|nil), string?)|"allow"|"ask"|"deny"|nil
---@param opts? { examples?: table<string, "allow"|"ask"|"deny"|"none"> }
---@return fun()|nil remove Removes this rule (nothing when `rule` was nil).
function lug.tool.rule(tool, rule, opts) end

---The conversation's approvals.
---@class lug.session
lug.session = {}

---Answer approval requests in the dialog's place. `fn(call, preview)` returns what the dialog's keys would: `"allow"` (y), `"always"` (A: allow the tool for the rest of the session), `"deny"` (n), or `"deny", "message to the model"` (m); or nil to pass to the next approver or the dialog. Approvers run in the order they were registered, the first answer wins, and an approver may wait.
---@param fn fun(call: lug.ApprovalCall, preview: lug.Preview): (string|nil), string?
---@return fun() remove Removes the approver.
function lug.session.approve(fn) end

---Send a prompt as if the user typed it: from a key, a command or a hook. In the interface it is queued behind a running turn like a typed prompt (a text starting with `:` runs that command); in `lug -p` it runs after the current turn, in order (at most 50 in one run). In `lug --acp` (the editor sends the prompts) and while init.lua loads, nothing takes prompts, and it is an error.
---
---```lua
---lug.keymap.set("<C-t>", function() lug.session.send("run the tests and fix what fails") end)
---```
---@param prompt string A non-empty prompt.
function lug.session.send(prompt) end

---Read or set a plugin's state kept in the session: a key to a JSON-like value (text, number, boolean, or a table of them), written to the session file and read back by `--continue`, `--resume` and `:resume`; `:clear` starts with none. `lug.session.state(key)` reads it (nil when unset); `lug.session.state(key, value)` sets it, `nil` removes it. Rewinding to a prompt (`:rewind`, `lug rewind`) brings back the state as that prompt found it. Listen to `session_start` to follow a switch of session, and to `rewind` to follow a rewind. The value is copied: change it and set it again.
---
---```lua
---lug.session.state("todo", { { text = "write the test", state = "done" } })
---local todo = lug.session.state("todo") or {}
---```
---@param key string 1 to 100 letters, digits and `_ . : -`, e.g. your plugin's name.
---@param value? string|number|boolean|table The value to keep (omit to read; nil removes it).
---@return any value When reading: the value, or nil.
function lug.session.state(key, value) end

---The conversation so far, as a copy in plain Lua tables (changing it changes nothing): one table a message, oldest first. `{ role = "user", text = "…", images = 1 }` (images: how many were attached, absent when none); `{ role = "assistant", text = "…", calls = { { id = "…", tool = "bash", args = { … }, argsText = "{…}" } } }` (calls absent when none; args nil when the model sent invalid JSON); `{ role = "tool", results = { { callId = "…", tool = "bash", content = "…", isError = false } } }`. The model's reasoning is left out. After a compaction, the messages it replaced are still listed (the session keeps them). Empty until a conversation is open.
---
---```lua
---lug.cmd.register("calls", function()
---  local n = 0
---  for _, m in ipairs(lug.session.messages()) do n = n + #(m.calls or {}) end
---  lug.ui.notify(n .. " tool calls so far")
---end)
---```
---@return table[] messages
function lug.session.messages() end

---Talking to the user.
---@class lug.ui
lug.ui = {}

---Ask the user a yes/no question and wait for the answer. Headless (`lug -p`), nobody can answer: it returns false, with a notice.
---@param message string
---@return boolean yes
function lug.ui.confirm(message) end

---Show a message to the user, kept for `:messages`. `print(...)` also becomes an "info" notification, and `io.stderr:write(...)` a "warn" one. A table is an error (`lug.inspect(t)` turns it into text); a number is shown as written.
---@param message string|number
---@param level? "info"|"warn"|"error" Default "info".
function lug.ui.notify(message, level) end

---Show a panel above the input: a few lines (at most 12) a plugin keeps in view, such as the todo list while a turn runs. Setting the same name again replaces its lines in place; nil (or an empty list) takes it away. Headless, nothing is shown. Panels a file set go away when what it registered is taken back.
---
---```lua
---lug.ui.panel("build", { "build: running…" })
---lug.ui.panel("build", nil)
---```
---@param name string Letters, digits and `_ . : -`.
---@param lines? string|string[] The lines (a text is split at newlines), or nil to take the panel away.
function lug.ui.panel(name, lines) end

---Show a mark in front of the status line, as AUTO is shown (plan mode shows `PLAN`); nil takes it away. A `lug.opt.statusline` function sees the marks in `badges` and they stay in front of its text. Headless, nothing is shown.
---
---```lua
---lug.ui.badge("plan", "PLAN")
---lug.ui.badge("plan", nil)
---```
---@param name string Letters, digits and `_ . : -`.
---@param text? string The mark (a few letters), or nil to take it away.
function lug.ui.badge(name, text) end

---Publish the plan of the work as it stands now: the whole list each time (an empty list when there is none). An editor driving lug over ACP shows it as its plan; `--output-format stream-json` writes it as a `plan` line. The stock todo workflow publishes the model's todo list this way.
---
---```lua
---lug.ui.plan({
---  { content = "read the parser", status = "completed" },
---  { content = "fix the heredoc case", status = "in_progress", priority = "high" },
---})
---```
---@param entries { content: string, status: "pending"|"in_progress"|"completed", priority?: "high"|"medium"|"low" }[] Each step: what to do, how far along it is, and how much it matters (`"medium"` unless said).
function lug.ui.plan(entries) end

---Running programs: an argument list, never a shell string, so text the model controls cannot become a command. Programs run like bash's: in their own process group, killed with their children on timeout, on cancel and when lug exits; standard input is empty unless `stdin` is given.
---@class lug.proc
lug.proc = {}

---Run a program to completion and return its result. A program that cannot be started (not installed, no such directory) is an error.
---
---```lua
---local r = lug.proc.run({ "git", "rev-parse", "--abbrev-ref", "HEAD" }, { cwd = "/my/project", timeout = 10 })
---if r.code == 0 then print(r.stdout) end
---```
---@param argv string[] The program and its arguments: { "git", "status" }.
---@param opts? lug.ProcOptions
---@return lug.ProcResult result
function lug.proc.run(argv, opts) end

---Start a program and return at once, with a handle to wait for it or kill it. It runs until it exits, its timeout, `kill()`, or lug's exit.
---@param argv string[] The program and its arguments.
---@param opts? lug.ProcOptions
---@return lug.Process process
function lug.proc.spawn(argv, opts) end

---Call `fn(event)` for every event of a kind on lug's event stream, each on its own coroutine. The events: `session_start`, `turn_start`, `request_start`, `response_start` (the provider's first word on a request: its answer began, or a retry), `retry`, `text_delta`, `reasoning_delta` (the model's reasoning as it streams, apart from the answer), `assistant_message`, `tool_call`, `approval_request`, `approval_decision`, `tool_start`, `tool_progress`, `tool_result`, `usage`, `context` (how full the window is: `used`, `window`, `fraction`, `estimated`, `source`), `compaction_start`, `after_compact` (a compaction's `reason`, `summary`, `replaced` and `kept` messages, `tokensBefore`, `tokensAfter`, `by`), `mode_change`, `option_change`, `turn_end`, `checkpoint` (the files' checkpoint of a turn: `action` ("taken" when a turn that changed files ends, "restored" when files were put back), `checkpoint` (as lug.checkpoint.list gives one, with camelCase fields: `sessionId`), `files`), `rewind` (the conversation went back to before prompt `turn` by `:rewind` or `lug rewind`, what came after kept as `branch`; `lug.session.state` is as it was then), `error`, `notify`; or `"*"` for all of them. The event table has `type` and the event's fields (for example `tool_result`: `call` (with `description`, what the call is about), `content`, `isError`, `outcome`, `durationMs` and `details`, what the tool said about its result for interfaces). A hook that fails is reported as a notification and stays subscribed.
---
---`lug.on` also takes the hook points, whose function's return value changes what happens; lug waits for it. `tool_call` and `tool_result` are hook points of the same names as the events (their table has the event's `type` and `call`), so `lug.on("tool_call", fn)` runs `fn` before the call is judged, and what it returns counts:
---
---`tool_call` gets `call` (`id`, `tool`, `args`, `argsText`) and `cwd` for each call the model made with valid arguments, before approvals judge it. Return `{ args = { … } }` to replace the arguments (checked against the tool's schema again; the rules, the approval dialog, the decision log and the session see the new call) or `{ deny = "reason" }` to refuse it (the model gets "denied: reason"). It fails closed: a hook that raises an error, returns something else, or gives arguments the tool does not take refuses the call, with that as the reason, since a hook that guards calls must not let one through by breaking. Changing `e.call.args` in place changes nothing: return the table.
---
---`tool_result` gets `call`, `content`, `isError` and `outcome` once a call has its result; return `{ content = "…" }` and/or `{ isError = true }` to change what the model sees (and the session stores; the text is cut at the usual limit).
---
---`before_request` gets `step` (the request's number in the turn), `model`, `messages` (how many are sent) and `tokens` (estimated) before each model request; return `{ cancel = "reason" }` to make no request: the turn ends (reason "hook") with the reason shown.
---
---`before_compact` gets a table with `reason` (`"threshold"`, `"overflow"` or `"command"`), `messages` (those to be summarised), `focus`, `instructions`, `pinned` (the facts pinned so far), `tokens` and `window`, and may return a table with `pinned` (a list of facts kept word for word in the summary and shown to the model writing it), `focus`, `instructions` (added to the summary request) or `summary` (its own summary: no model request is made); nil changes nothing. A hook that returns anything else is reported, naming where it was made, and changes nothing. See docs/context.md.
---
---`before_turn` gets `prompt`, `turn` (the prompt's number in the conversation) and `sessionId` before a turn's first request; the turn waits for it (the files' checkpoint starts there, and is written before the turn's first tool runs). It takes no result.
---@param event string An event name, a hook point ("tool_call", "tool_result", "before_request", "before_compact", "before_turn"), or "*".
---@param fn fun(event: table)
---@return fun() remove Removes the hook (lug.off does the same).
function lug.on(event, fn) end

---Remove a hook added with lug.on: `lug.off(remove)` is `remove()`, and says whether the hook was still there.
---@param remove fun() What lug.on returned.
---@return boolean removed False when the hook was already removed, or `remove` is not one of lug.on's.
function lug.off(remove) end

---A named group of a file's registrations, which the file can clear itself (Neovim's augroup with `clear = true`). `lug.group(name, fn)` first removes what the group held, then runs `fn` at once; everything `fn` registers (rules, tools, hooks, commands, keys, highlight groups) belongs to the group. `lug.group(name)` removes what the group holds. A group belongs to the file whose code calls `lug.group` (init.lua, a plugin, a module of theirs), so `:source` and `:reload` of that file clear its groups too. `fn` must not wait (lug.ui.confirm inside it is an error); a callback made inside it that registers later registers as its file, not in the group.
---
---```lua
---lug.group("fmt", function()
---  lug.on("tool_result", function(e) ... end)
---  lug.cmd.register("fmt", function() ... end)
---end)
---lug.group("fmt")  -- 2: both removed
---```
---@param name string The group's name (not empty).
---@param fn? fun() What registers in the group.
---@return integer removed How many registrations the group held before.
function lug.group(name, fn) end

---`:commands`.
---@class lug.cmd
lug.cmd = {}

---Add a `:command`, or replace one of the same name (the interface's own included) until it is removed. `fn` gets the text typed after the command's name.
---
---```lua
---lug.cmd.register("today", function() lug.ui.notify(os.date("%F")) end, { desc = "Show the date" })
---```
---@param name string Letters, digits, `_` and `-`, starting with a letter.
---@param fn fun(args: string)
---@param opts? lug.CmdOptions
---@return fun() remove Removes the command (restoring one it replaced).
function lug.cmd.register(name, fn, opts) end

---Call `fn` before lug reads the `:commands` (to run one, to complete one, to list them for `:help`), so commands that come from something outside lug, such as the files of a folder, can be registered and removed there and are found at their next use without `:reload`. `fn` must not wait, and should register only what changed (each change redraws the interface). An error in `fn` is a warning naming it; the commands are read as they stand. A read made while `fn` runs does not call it again.
---
---```lua
---lug.cmd.refresh(function()
---  if lug.fs.exists("TODO.md") and not todo_cmd then todo_cmd = lug.cmd.register("todos", show_todos) end
---end)
---```
---@param fn fun()
---@return fun() remove Stops calling `fn`.
function lug.cmd.refresh(fn) end

---Modes a plugin adds beside the approval modes, as the stock plan workflow adds plan mode. At most one is on at a time; an editor driving lug over ACP offers each as a session mode, beside policy, all and auto.
---@class lug.mode
lug.mode = {}

---Add a mode, or replace one of the same id. `apply(on)` puts it in force (true) or lifts it (false): it is called whoever switches the mode (your own `:command` with `lug.mode.set`, or the editor), and must not call `lug.mode.set` itself. An error in it leaves the mode as it was.
---
---```lua
---lug.mode.define("review", {
---  name = "Review",
---  description = "the model only comments; nothing is changed",
---  apply = function(on) lug.ui.badge("review", on and "REVIEW" or nil) end,
---})
---```
---@param id string Lower-case letters, digits, `_` and `-`, starting with a letter; not an approval mode's (policy, all, auto, off).
---@param spec { name: string, description: string, apply: fun(on: boolean) }
---@return fun() remove Removes the mode.
function lug.mode.define(id, spec) end

---Switch a mode on (lifting the one that was on) or off, and wait until its `apply` has run. An unknown id is an error that names the modes there are.
---@param id string
---@param on boolean
function lug.mode.set(id, on) end

---The id of the mode that is on, or nil.
---@return string?
function lug.mode.current() end

---Key bindings, as Neovim's `vim.keymap`: sequences (`"gg"`, `"<leader>x"`), modes, a timeout between the keys of a sequence (`lug.opt.timeoutlen`), and every binding listed with its description and where it was bound by `:map`.
---@class lug.keymap
lug.keymap = {}

---Bind keys to a function or a `:command`, as `vim.keymap.set` does; the mode may be left out (`lug.keymap.set(lhs, rhs, opts)`). The keys are Vim notation: characters, `<leader>` (`lug.g.mapleader` when the key is bound, `\` when unset), `<lt>`, `<Bslash>`, `<Bar>`, `<Space>`, `<CR>`, `<Esc>`, `<Tab>`, `<BS>`, the arrows, `<Home>`, `<End>`, `<PageUp>`, `<PageDown>`, with `C-` (Ctrl), `M-` (Alt) and `S-` (Shift). Keys a terminal cannot report apart (`<F5>`, `<Del>`, `<C-i>` which is `<Tab>`, `<C-c>` which interrupts) are an error at the call, as are an unclosed `<C-x`, empty keys, an unknown mode or option.
---
---Modes: `"n"` is vi's normal mode (`lug.opt.input = "vi"`), `"i"` the prompt's editing (the emacs input is always in it). Without a mode, keys that start with a character (`"gg"`, `"<leader>x"` with a printable leader) are bound in normal mode, as in Neovim; other keys (`"<C-t>"`) in both. While the keys typed so far start a longer binding, lug waits up to `lug.opt.timeoutlen` milliseconds for the rest, then runs the longest binding they are, and types the rest.
---
---A `:command` right-hand side (`":model opus"`, or Neovim's `"<cmd>model opus<CR>"`) is checked at the call once start-up is over: an unknown command is an error naming the nearest ones. During start-up the interface's own commands do not exist yet, so a key bound then to an unknown command is a warning when the interface starts. A binding replaces the one of the same keys and mode (the interface's own included) until it is removed.
---
---```lua
---lug.g.mapleader = " "
---lug.keymap.set("<C-t>", ":auto", { desc = "Toggle auto mode" })
---lug.keymap.set("n", "<leader>m", ":model opus", { desc = "Switch to Opus" })
---lug.keymap.set("i", "jk", function() lug.ui.notify("jk") end)
---```
---@param mode? "n"|"i"|("n"|"i")[] The modes; see above when left out.
---@param lhs string The keys, in Vim notation.
---@param rhs fun()|string A function, or a command such as ":auto".
---@param opts? lug.KeymapOptions
---@return fun() remove Removes the binding in every mode it was made in (restoring those it replaced).
function lug.keymap.set(mode, lhs, rhs, opts) end

---Remove a binding made from Lua, as `vim.keymap.del` does; the mode may be left out (`lug.keymap.del(lhs)`, the modes `lug.keymap.set` would take for the keys). A binding the interface made, or none, is an error naming the keys Lua bound.
---
---```lua
---lug.keymap.del("n", "<leader>m")
---```
---@param mode? "n"|"i"|("n"|"i")[]
---@param lhs string
function lug.keymap.del(mode, lhs) end

---The configuration's global variables, as Neovim's `vim.g`: any value may be kept in it. lug reads `mapleader`, the key `<leader>` stands for in the keys bound after it is set (`\` when unset, as in Neovim).
---
---```lua
---lug.g.mapleader = " "
---```
---@class lug.g
---@field mapleader? string
lug.g = {}

---The interface's colours, by highlight group, as in Neovim: the transcript (`prompt`, `prompt_text`, `reasoning`, `notice_info`, `notice_warn`, `notice_error`), the dialog (`dialog_border`, `dialog_title`, `diff_add`, `diff_remove`) and the status line (`status`, `status_model`, `status_auto`). The styles are kept in `lug.opt.highlights`; headless they are kept and unused.
---@class lug.hl
lug.hl = {}

---Set a group's style, replacing the one it had; without a style, the group gets its default again. An unknown group or colour is an error naming the allowed ones. Lines already in the scrollback keep the colours they were written with.
---
---```lua
---lug.hl.set("prompt", { fg = "magenta", bold = true })
---lug.hl.set("status_auto", { fg = "black", bg = "#ffaf00", bold = true })
---lug.hl.set("prompt") -- back to the default
---```
---@param group string
---@param style? lug.HighlightStyle
function lug.hl.set(group, style) end

---The style set for a group with lug.hl.set, or nil when it has its default.
---@param group string
---@return lug.HighlightStyle? style
function lug.hl.get(group) end

---Load a JavaScript tool plugin: an npm package whose default export is `definePlugin({ name, tools, setup })`, installed in the project (`node_modules` of the project directory or a parent) or globally (`npm install -g`). Loading the same package twice does nothing. A package that is missing, fails to load, exports no plugin, or registers a tool whose name is taken, is an error saying which.
---@param name string The package name: "lug-plugin-foo" or "@scope/foo".
---@return string plugin The plugin's name.
function lug.plugin(name) end

---The Lua reference lug carries: these annotations, the built-in modules, the reference pages on Lua in lug, and the options. The `lua_docs` tool searches it for the model.
---@class lug.docs
lug.docs = {}

---Find entries by words: those containing every word first, matches in names ranking highest.
---@param words string For example "tool rule" or "string gsub".
---@param limit? integer At most this many entries (default 10).
---@return lug.DocEntry[] entries
function lug.docs.search(words, limit) end

---One entry by its exact name, such as "lug.proc.run" or "string.format".
---@param name string
---@return lug.DocEntry|nil entry
function lug.docs.get(name) end

---Where your Lua lives: `lug.config.dir` (the config directory), `lug.config.init_file` (its init.lua, which may not exist), `lug.config.plugins_dir`.
---@class lug.config
---@field dir string The config directory: $XDG_CONFIG_HOME/lug, or ~/.config/lug.
---@field init_file string The path of init.lua.
---@field plugins_dir string The directory holding one directory per plugin.
lug.config = {}

---The plugins found at start-up (each directory under plugins_dir) and the npm plugins loaded with lug.plugin, in load order.
---@return lug.PluginInfo[] plugins
function lug.config.plugins() end

---The stock workflows: Lua files shipped with lug (plan mode, the todo list, prompt files, skills, subagents…), written against this same API. They load after init.lua and the plugins, in name order. Turn one off with one line of init.lua, and replace one by putting a file of the same name in `<config>/workflows/`, e.g. a copy of the stock one to change.
---
---```lua
---lug.workflow.disable("plan")
---```
---@class lug.workflow
lug.workflow = {}

---Turn a stock workflow off: call it from init.lua or a plugin, which run before the workflows load. An unknown name is an error naming the stock workflows.
---@param name string The workflow's name, e.g. "plan".
function lug.workflow.disable(name) end

---The stock workflows, in load order: each with the file that runs (your copy when you have one), whether it is the stock file, whether it was turned off, loaded, and its error if it failed.
---@return lug.WorkflowInfo[] workflows
function lug.workflow.list() end

---Subagents: a self-contained job handed to a separate conversation with its own context, the tools its agent names, optionally another model; only its final answer comes back. The stock workflow `agents` (lua/workflows/agents.lua) offers the defined agents to the model through its `task` tool, and defines agents from Markdown files in `~/.config/lug/agents/` and `.lug/agents/`. Its calls ask for approval like the session's, in the same dialog, labelled with the agent. See docs/workflows/agents.md.
---
---```lua
---lug.agent.define("explore", {
---  description = "Finds where things are in the code base and reports the files and lines",
---  tools = { "read", "grep", "ls" },
---  prompt = "Search, read, and answer with paths and line numbers. Change nothing.",
---})
---```
---@class lug.agent
lug.agent = {}

---Define an agent (or replace the one of that name). Returns the function that removes it.
---@param name string Letters, digits, _ and -, starting with a letter: what the model names in `task`.
---@param spec lug.AgentSpec
---@return fun() remove
function lug.agent.define(name, spec) end

---The defined agents, by name.
---@return lug.AgentInfo[] agents
function lug.agent.list() end

---Run a job as a subagent of the agent `name` and wait for its final answer. Call it from a tool handler (passing the handler's `call`, so the interface nests the subagent under that call; cancelling the call cancels the subagent).
---@param name string A defined agent.
---@param prompt string The job, self-contained: the subagent sees nothing else of the conversation.
---@param call? { id?: string, tool?: string, cwd?: string } The tool call that runs it (a handler's second argument).
---@return string|nil answer Its final answer, or nil when it did not finish.
---@return string? error Why: no such agent, cancelled, an error, the turn limit.
function lug.agent.run(name, prompt, call) end
---The system prompt's sections: a plugin adds a named section (a text, or a function giving it at each request), which comes after lug's own prompt and AGENTS.md under a `# name` heading, in the order added. `:context` counts them in the system prompt.
---
---```lua
---lug.prompt.add("house-style", "Answer in British English.")
---lug.prompt.add("branch", function() return "Current branch: " .. (lug.proc.run({ "git", "branch", "--show-current" }).stdout or "") end)
---```
---@class lug.prompt
lug.prompt = {}

---Add the section `name` (or replace the one of that name, in its place). A function is called at every request and returns the text (nil or "" leaves the section out); it must return at once (it cannot wait on lug.ui.confirm), and one that fails leaves its section out with an error notice.
---@param name string Letters, digits and `_ . : -`; the heading it goes under.
---@param text string|fun(): string|nil The section's text, or a function giving it.
---@return fun() remove Takes the section out again.
function lug.prompt.add(name, text) end

---Take out the section `name` added from Lua; returns whether there was one.
---@param name string
---@return boolean removed
function lug.prompt.remove(name) end

---The names of the system prompt's sections, in order (those added from Lua and by plugins).
---@return string[] names
function lug.prompt.list() end

---MCP servers (Model Context Protocol): each server's tools become tools named `mcp__<server>__<tool>`, which ask by default and are judged by rules like any tool (a rule on "*" sees `call.tool`, which names the server). Servers start in the background; `:mcp` lists them with their state, tools and last error. They can also come from `.mcp.json` in Claude Code's format, in the config directory and in the project (a project's server asks once before it starts). See docs/mcp.md.
---@class lug.mcp
lug.mcp = {}

---Add an MCP server (or replace the one of that name): a program speaking MCP on stdio (`command`), or an HTTP server (`url`: Streamable HTTP, or HTTP+SSE). A server added here wins over one of the same name in a `.mcp.json`.
---
---```lua
---lug.mcp.add("everything", { command = { "npx", "-y", "@modelcontextprotocol/server-everything" } })
---lug.mcp.add("docs", { url = "https://example.com/mcp", headers = { Authorization = "Bearer " .. os.getenv("DOCS_KEY") } })
---```
---@param name string 1 to 40 letters, digits, _ and - (no "__"): it is part of the tools' names.
---@param server lug.McpServer
function lug.mcp.add(name, server) end

---Remove a server, wherever it was configured (Lua or a `.mcp.json`); its process ends and its tools go.
---@param name string
---@return boolean removed Whether a server of that name was configured.
function lug.mcp.remove(name) end

---JSON, as Neovim's vim.json. A table with keys 1..n is an array, one with string keys an object; an empty table `{}` is an object unless marked with `lug.json.array`. JSON null is `lug.json.null` both ways (nil cannot be kept in a table).
---
---```lua
---local text = lug.json.encode({ name = "lug", tags = lug.json.array({}), parent = lug.json.null })
----- {"name":"lug","parent":null,"tags":[]}
---local v = lug.json.decode('{"a": [1, 2]}')
---print(v.a[2]) -- 2
---```
---@class lug.json
lug.json = {}

---The value for JSON null: `lug.json.decode("null") == lug.json.null`, and `lug.json.encode({ lug.json.null })` is `[null]`.
---@type lightuserdata
lug.json.null = nil

---JSON text of a value: tables (keys sorted), strings, numbers, booleans and lug.json.null. A value JSON cannot hold (a function, a table that contains itself, a list with holes, a table with both list items and named fields, NaN or infinity) is an error naming where it is, such as `value.items[2] is a function, which JSON cannot hold`.
---@param value table|string|number|boolean|lightuserdata|nil
---@param opts? { indent?: integer } `indent`: spaces per level (0 to 10); none: one line.
---@return string json
function lug.json.encode(value, opts) end

---The value of a JSON text. Objects become tables with string keys, arrays lists marked as arrays (so `[]` encodes back as `[]`), null lug.json.null, whole numbers integers when they fit. A bad text is an error naming its line and column and what was expected there: `invalid JSON at line 2, column 8: expected a value (…), found "}"`.
---@param text string
---@return any value
function lug.json.decode(text) end

---Mark a table as a JSON array (so an empty one encodes as `[]`); without a table, a new empty one.
---@param t? table
---@return table t
function lug.json.array(t) end

---Any value as readable text, as Neovim's vim.inspect; it never fails. Short tables fit on one line, longer ones take one line an entry; list items come first, then the other keys sorted; a table inside itself shows as `<cycle>`; functions, threads and userdata as `tostring` names them; a value with `__tostring` as its result (or `<__tostring failed: …>`).
---
---```lua
---print(lug.inspect({ 1, 2, name = "x" })) -- { 1, 2, name = "x" }
---```
---@param value nil|boolean|number|string|table|function|thread|userdata
---@param opts? { depth?: integer } `depth`: tables nested deeper show as `{...}` (default 12).
---@return string text
function lug.inspect(value, opts) end

---The project's files, outside any tool call. Relative paths are relative to the project directory (`lug.cwd()`), as for `io.open` and the tools. `read`, `list` and `exists` read anywhere; `write` changes only files inside the project (the path resolved with every symlink followed, as the sandbox's write boundary does for the file tools; nothing at all with `lug.opt.sandbox = "read-only"`): anything else is refused with an error naming the path. A failure is an error naming the path and its cause.
---@class lug.fs
lug.fs = {}

---A file's contents, as bytes.
---@param path string
---@return string content
function lug.fs.read(path) end

---Write a file inside the project (creating its directories), replacing it, or adding to its end with `{ append = true }`.
---
---```lua
---lug.fs.write("notes/todo.md", "- ship it\n", { append = true })
---```
---@param path string
---@param content string
---@param opts? { append?: boolean }
function lug.fs.write(path, content, opts) end

---The names in a directory (default the project), sorted, each directory's ending in `/`.
---@param dir? string
---@return string[] names
function lug.fs.list(dir) end

---Whether a file or directory exists.
---@param path string
---@return boolean exists
function lug.fs.exists(path) end

---The project's files matching a glob, as the ls tool's `glob` takes it (`**/*.lua`, `src/*.ts`; a glob without `/` matches file names), relative to the project and sorted; files that `.gitignore` and the other ignore files leave out are left out. It waits (it reads the tree).
---@param glob string
---@return string[] paths
function lug.fs.glob(glob) end

---Run `fn` once, after `ms` milliseconds, as Neovim's vim.defer_fn. `fn` runs on its own coroutine and may wait. A timer that fails is reported as a notice naming where it was made and the error's file and line. Every timer is stopped when lug closes or its file is reloaded.
---
---```lua
---local h = lug.defer(2000, function() lug.ui.notify("two seconds later") end)
---h.stop() -- changed my mind
---```
---@param ms integer 0 to 2147483647.
---@param fn fun()
---@return lug.Timer timer
function lug.defer(ms, fn) end

---Run `fn` as soon as the work under way is done (the next turn of lug's event loop), as Neovim's vim.schedule.
---@param fn fun()
---@return lug.Timer timer
function lug.schedule(fn) end

---A timer, as a uv timer in Neovim: `fn` runs after `ms` milliseconds, and again every `ms` with `{ ["repeat"] = true }` until its handle stops it. A repeating timer skips a tick while its last run is still waiting, and is stopped when a run fails (the notice says so).
---
---```lua
---local ticks = 0
---local t = lug.timer(1000, function()
---  ticks = ticks + 1
---  if ticks == 10 then t.stop() end
---end, { ["repeat"] = true })
---```
---@param ms integer 0 to 2147483647.
---@param fn fun()
---@param opts? { repeat?: boolean }
---@return lug.Timer timer
function lug.timer(ms, fn, opts) end

---String helpers, as Neovim's vim.split, vim.trim, vim.startswith and vim.endswith.
---@class lug.str
lug.str = {}

---Split `s` at each `sep` (plain text, never a pattern: use string.gmatch for patterns). Empty parts are kept, except at both ends with `{ trimempty = true }`.
---
---```lua
---lug.str.split("a,b,,c", ",") -- { "a", "b", "", "c" }
---```
---@param s string
---@param sep string Not empty.
---@param opts? { trimempty?: boolean }
---@return string[] parts
function lug.str.split(s, sep, opts) end

---`s` without the whitespace at its ends.
---@param s string
---@return string trimmed
function lug.str.trim(s) end

---Whether `s` begins with `prefix`.
---@param s string
---@param prefix string
---@return boolean
function lug.str.startswith(s, prefix) end

---Whether `s` ends with `suffix`.
---@param s string
---@param suffix string
---@return boolean
function lug.str.endswith(s, suffix) end

---A Markdown file's front matter and body: a `---` line, `key: value` lines, a `---` line, then the body (what prompt files, skills and agent files start with). Values are the text after the colon, trimmed, with one pair of surrounding quotes taken off; other lines are skipped. Text without front matter gives an empty table and the whole text.
---
---```lua
---local fields, body = lug.str.front_matter(lug.fs.read(".lug/prompts/review.md"))
---print(fields.description, #body)
---```
---@param text string
---@return table<string, string> fields
---@return string body
function lug.str.front_matter(text) end

---Table helpers, as Neovim's vim.tbl_* functions (the same names without `tbl_`, the same argument order). Lists are walked in order (1..n), then the other keys in `pairs` order. The functions given to map and filter run as plain calls: they cannot wait.
---@class lug.tbl
lug.tbl = {}

---The keys of a table, as a list.
---@param t table
---@return any[] keys
function lug.tbl.keys(t) end

---The values of a table, as a list.
---@param t table
---@return any[] values
function lug.tbl.values(t) end

---A new table with `fn(value)` for each value, under the same keys.
---@param fn fun(value: any): any
---@param t table
---@return table mapped
function lug.tbl.map(fn, t) end

---The values for which `fn(value)` is true, as a list.
---@param fn fun(value: any): boolean
---@param t table
---@return any[] kept
function lug.tbl.filter(fn, t) end

---Whether a value of `t` is `value` (raw equality).
---@param t table
---@param value nil|boolean|number|string|table|function|thread|userdata
---@return boolean
function lug.tbl.contains(t, value) end

---A new table with the tables merged into it, left to right, nested tables (not lists) merged key by key. Where two tables set the same key: `"force"` takes the last, `"keep"` the first, `"error"` is an error naming the key. Lists are values, taken whole.
---
---```lua
---local opts = lug.tbl.deep_extend("force", { ui = { border = "single", width = 80 } }, { ui = { width = 100 } })
----- { ui = { border = "single", width = 100 } }
---```
---@param behavior "force"|"keep"|"error"
---@param ... table At least two.
---@return table merged
function lug.tbl.deep_extend(behavior, ...) end

---The project directory: where tools run and relative paths start.
---@return string dir
function lug.cwd() end

---The environment lug runs with, read-only: `lug.env.HOME`, `pairs(lug.env)`. Assigning to it is an error (give a process variables with `lug.proc.run`'s `env`).
---@type table<string, string>
lug.env = {}

---A timer's handle (lug.defer, lug.schedule, lug.timer). Call its functions as `t.stop()` or `t:stop()`.
---@class lug.Timer
---@field stop fun() Stop it (calling it again is harmless).
---@field active fun(): boolean Whether it will still run.

---What lug.mcp.add takes: `command` (with `env`, `cwd`) or `url` (with `headers`).
---@class lug.McpServer
---@field command? string[] The program and its arguments: { "npx", "-y", "@modelcontextprotocol/server-filesystem", "." }.
---@field env? table<string, string> Variables added to lug's environment for the server.
---@field cwd? string Where the server runs (default: the project directory; relative to it).
---@field url? string An HTTP server's endpoint: "https://example.com/mcp".
---@field headers? table<string, string> Sent with every request to an HTTP server.
---@field timeout? number Seconds a tool call may take before it is cancelled (default 120).

---The project's file checkpoints: before each turn lug writes the files' state to a git repository of its own (under `$XDG_STATE_HOME/lug/checkpoints`, never the project's `.git`), and when the turn ends what it changed, by any tool or command. `:undo`, `:redo`, `:rewind` and `lug rewind` restore from them; `lug.on("checkpoint", fn)` sees each one taken (`action = "taken"`, when a turn that changed files ends) and each restore (`action = "restored"`), e.g. to commit a turn's changes as aider does. See docs/checkpoints.md.
---@class lug.checkpoint
lug.checkpoint = {}

---The project's checkpoints, oldest first: `id` (what restore takes), `session_id`, `turn` (the prompt's number in its conversation), `prompt`, `created`, `ended`, `files` (each `{ path, status = "added" | "modified" | "deleted", added, removed, binary }`) `skipped` (files over lug.opt.checkpoint_max_file_size, left out) and `shared` (files another lug running a turn in the project at the same time may have changed too: not in `files`, and never written by a restore).
---
---```lua
---for _, cp in ipairs(lug.checkpoint.list()) do print(cp.id, cp.turn, #cp.files) end
---```
---@return lug.Checkpoint[] checkpoints
function lug.checkpoint.list() end

---Put the project's files back as they were before checkpoint `id`'s turn (only the files that differ are written or deleted). A file you changed since lug last wrote it is a conflict: then nothing is written, unless `force`. The files as they were just before are kept in the checkpoints' repository (`saved_as`). A file another lug may have changed during those turns is left alone, forced or not (`left_alone`); one with a symbolic link or something else in its way is not written (`unsafe`: a link is never followed).
---
---```lua
---local r = lug.checkpoint.restore("3", { dry_run = true })
---if #r.conflicts == 0 then lug.checkpoint.restore("3") end
---```
---@param id string A checkpoint's id, from lug.checkpoint.list().
---@param opts? lug.CheckpointRestoreOpts
---@return lug.CheckpointRestore result `applied` (whether files were written), `files`, `conflicts`, `saved_as`, `left_alone`, `unsafe`.
function lug.checkpoint.restore(id, opts) end

---One checkpoint, as lug.checkpoint.list() gives it.
---@class lug.Checkpoint
---@field id string What lug.checkpoint.restore takes.
---@field session_id string The session whose turn it is.
---@field turn integer The prompt's number in its conversation (1-based), as :rewind lists it.
---@field prompt string
---@field created string ISO time the turn started.
---@field ended boolean False while the turn runs.
---@field files table[] What the turn changed: `{ path, status, added, removed, binary }` each.
---@field skipped string[] Files over lug.opt.checkpoint_max_file_size, left out.
---@field shared string[] Files another lug's turn, running at the same time, may have changed too: not in `files`, never written by a restore.

---What lug.checkpoint.restore returns.
---@class lug.CheckpointRestore
---@field applied boolean Whether files were written.
---@field files string[] The files written or deleted (or that would be).
---@field conflicts string[] Files changed since lug last wrote them, among `files`.
---@field saved_as? string The ref in the checkpoints' repository that keeps the files as they were before.
---@field left_alone string[] Files the restore would have changed but left alone: another lug may have changed them.
---@field unsafe string[] Files not written or deleted: a symbolic link, or something else, was in the way (never followed).

---What lug.checkpoint.restore takes.
---@class lug.CheckpointRestoreOpts
---@field force? boolean Overwrite files changed since (default false: a conflict stops the restore).
---@field dry_run? boolean Only say what would be written and what conflicts.

---What lug.tool.register takes.
---@class lug.ToolSpec
---@field description string What the tool does, for the model.
---@field parameters? table The arguments as a JSON Schema object (`{ type = "object", properties = { path = { type = "string", description = "…" } }, required = { "path" } }`); none: an object with no properties. The arguments are checked against it before rules and the handler run.
---@field ask? boolean Whether a call asks before it runs under the default policy (default true).
---@field keep? "start"|"end" Which end of an output over the 30,000-byte cap is kept (default "start").
---@field handler fun(args: table, call: lug.ToolCall): (string|table|nil), string? Returns the result: a string, or a table (sent as JSON). An error, or `return nil, "message"`, becomes the tool's error result.
---@field describe? fun(args: table, call: lug.ToolCall): lug.ToolDescription What a call is about: called once per call, before the rules, and must answer at once (it may not wait). Without it, a call's title is its first string argument and it declares no paths, so rules on `call.abs_path` never see it. A describe that fails, waits or returns something else is an error result, and the call does not run.

---What a tool's describe returns.
---
---```lua
---describe = function(args)
---  return { title = args.from .. " → " .. args.to, kind = "move",
---           paths = { { path = args.from, access = "change" }, { path = args.to, access = "change" } } }
---end,
---```
---@class lug.ToolDescription
---@field title string One line: what the tool line and the dialog show for the call.
---@field paths? lug.DescribedPath[] Every path the call may read or change. Each rule runs once per path, with `call.abs_path` set to it.
---@field command? string A shell command line the call runs: rules judge it part by part, as bash's.
---@field kind? "read"|"edit"|"delete"|"move"|"search"|"execute"|"fetch"|"other" Default "other".

---A path a call declares.
---@class lug.DescribedPath
---@field path string As the tool takes it: relative to the project directory, or absolute.
---@field access "read"|"change"

---The call a tool handler runs for.
---@class lug.ToolCall
---@field tool string The tool's name.
---@field id string The call's id.
---@field cwd string The project directory.

---The call a rule judges (beside its arguments).
---@class lug.RuleCall
---@field tool string
---@field id string
---@field cwd string The project directory.
---@field kind "read"|"edit"|"delete"|"move"|"search"|"execute"|"fetch"|"other" What kind of call it is, from the tool's describe: judge by it rather than by tool names (plan mode lets read and search through).
---@field abs_path? string The path this run judges, resolved against cwd with symlinks followed: a call that declares paths runs each rule once per path. Unset for a call that declares none.
---@field paths lug.RulePath[] Every path the call declares (empty when it declares none).

---A path a call declares, as a rule sees it.
---@class lug.RulePath
---@field path string As the tool took it.
---@field access "read"|"change"
---@field abs_path string Resolved against cwd, symlinks followed.

---A call waiting for approval, as an approver sees it.
---@class lug.ApprovalCall
---@field tool string
---@field args table The arguments the model sent.
---@field id string
---@field description lug.CallDescription What the call is about.
---@field reason? string The reason a rule gave for asking.

---What a call is about, as lug carries it on the call's events: the tool's description with its defaults filled in.
---@class lug.CallDescription
---@field title string
---@field kind string
---@field paths { path: string, access: string, absPath: string }[]
---@field command? string

---What the approval dialog shows for a call.
---@class lug.Preview
---@field kind "diff"|"command"|"args"
---@field text string

---Options of lug.proc.run and lug.proc.spawn.
---@class lug.ProcOptions
---@field cwd? string Working directory (default: the project directory).
---@field env? table<string, string> Variables added to lug's environment.
---@field timeout? number Seconds before the program and its children are killed (default 120).
---@field stdin? string Standard input (default: empty).
---@field max_bytes? integer Bytes of each output stream kept, from its end (default 30,000).

---What lug.proc.run returns (and a process's wait()).
---@class lug.ProcResult
---@field code integer|nil Exit status; nil when a signal ended it.
---@field signal string|nil The signal that ended it, such as "SIGTERM".
---@field stdout string The last `max_bytes` of standard output.
---@field stderr string
---@field killed boolean lug killed it (timeout, cancel, kill()).
---@field timed_out boolean
---@field sandbox_blocked string[]|nil What the OS sandbox refused (lug.opt.sandbox), as "blocked by the sandbox: …" notes; absent when it refused nothing.

---A program started with lug.proc.spawn. Call its functions as `p.wait()` or `p:wait()`.
---@class lug.Process
---@field pid integer
---@field wait fun(): lug.ProcResult Wait for it to exit.
---@field kill fun(): boolean Kill it and its children (TERM, then KILL), waiting until they are gone.

---Options of lug.cmd.register.
---@class lug.CmdOptions
---@field desc? string Shown in the command list.
---@field complete? fun(args: string): string[] Completions for the text after the name (must not wait).

---Options of lug.keymap.set. Any other field is an error naming these.
---@class lug.KeymapOptions
---@field desc? string Shown by `:map` (a `:command`'s own text when not given).
---@field mode? "n"|"i"|("n"|"i")[] The modes, when not given as the first argument.
---@field nowait? boolean Fire as soon as these keys are typed, even when a longer binding starts with them.
---@field silent? boolean Accepted for Neovim configurations; lug never echoes a key's action.
---@field noremap? boolean Accepted for Neovim configurations; lug never maps a right-hand side again.

---A highlight group's style (lug.hl.set).
---@class lug.HighlightStyle
---@field fg? string Text colour: black, red, green, yellow, blue, magenta, cyan, white, their bright forms (redBright, …), gray, or "#rrggbb".
---@field bg? string Background colour, the same names.
---@field bold? boolean
---@field italic? boolean
---@field underline? boolean
---@field dim? boolean

---An entry of lug.docs.
---@class lug.DocEntry
---@field name string "lug.proc.run", "string.gsub", "lug.ToolSpec", "Patterns".
---@field kind "function"|"field"|"class"|"reference"
---@field signature string
---@field summary string
---@field description string
---@field params table[] { name, type, description, optional }
---@field returns table[] { type, name, description }
---@field fields table[] { name, type, description } (classes)
---@field source string Where it is written, "lug.lua:42".

---A plugin lug found or loaded.
---What lug.agent.define takes.
---@class lug.AgentSpec
---@field description string When the model should hand this agent a job (shown to the model in the task tool).
---@field tools? string[] The tools it may use, by name; without it, every tool but the one that runs it (`task`), so a subagent does not start subagents.
---@field prompt? string Its instructions, after lug's own system prompt.
---@field model? string Its model as "provider/model"; without it, the session's.

---An agent, as lug.agent.list returns it.
---@class lug.AgentInfo
---@field name string
---@field description string
---@field tools? string[]
---@field prompt? string
---@field model? string
---@field source string Where it was defined ("init.lua:3", or the agent file).

---A stock workflow, as lug.workflow.list returns it.
---@class lug.WorkflowInfo
---@field name string Its name, e.g. "plan".
---@field file string The file that runs: your copy in `<config>/workflows/` when there is one, else the stock file.
---@field stock boolean Whether `file` is the stock one.
---@field disabled boolean Turned off with lug.workflow.disable.
---@field loaded boolean Whether it ran without an error.
---@field error? string Why it failed to load.

---@class lug.PluginInfo
---@field name string
---@field dir string Its directory.
---@field kind "lua"|"npm"
---@field entry string Its init.lua, or the module an npm plugin resolved to.
---@field loaded boolean
---@field error? string Why it did not load.
