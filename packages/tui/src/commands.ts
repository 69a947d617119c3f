/**
 * The TUI's own `:commands` and keys, registered in the host's registries with
 * source "tui", beside (and overridable by) those Lua registers.
 */
import type { Command, KeyBinding } from '@lug/core';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, defaultModel, parseModelName } from '@lug/core';
import type { TuiController } from './controller.js';
import { helpFor, helpTopics } from './help.js';
import { inspectValue } from './inspect.js';
import { contextCommands } from './context-commands.js';
import { thinkCommand } from './think-command.js';
import { rulesCommand } from './rules-command.js';
import { editCommand, editKey } from './edit-command.js';
import { exportCommands } from './export-commands.js';
import { branchCommands } from './branch-commands.js';
import { reloadCommands } from './reload-commands.js';
import { checkpointCommands } from './checkpoint-commands.js';
import { mapCommand } from './keymap-commands.js';
import { messagesCommand } from './messages-command.js';
import { checkhealthCommand } from './checkhealth-command.js';

const SOURCE = 'tui';

/** The Lua bridge's answer: the values, and how `:lua` should show them. */
function isRunResult(value: unknown): value is { text: string } {
  return typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';
}

function helpIndex(c: TuiController): string {
  const topics = helpTopics(c.opts.docsDir);
  const commands = c.host.commands
    .list()
    .map((cmd) => `- \`:${cmd.name}\` ${cmd.desc}${cmd.source !== SOURCE ? ` *(${cmd.source})*` : ''}`)
    .join('\n');
  const pages = topics.length ? topics.map((t) => `\`${t}\``).join(', ') : '(no manual pages in this installation)';
  return `# lug ${c.opts.version}\n\nType a prompt and press Enter. \`:help TOPIC\` shows a page of the manual: ${pages}.\n\n## Commands\n\n${commands}\n\n## Keys\n\nShift-Tab toggles auto mode · Esc cancels the turn · Ctrl-C twice exits · Ctrl-O shows the last reasoning or tool result · Ctrl-G writes the prompt in $EDITOR · \`:help keys\` for all of them.`;
}

/**
 * Toggle auto mode; false when approvals refuse it (the configuration failed
 * to load, so rules may be missing), which is shown with their reason.
 */
function toggleAuto(c: TuiController): boolean {
  try {
    c.approvals.toggleAuto();
    return true;
  } catch (err) {
    c.transcript.notice(err instanceof Error ? err.message : String(err), 'error');
    return false;
  }
}

/** `:auto` and `:approvals`: the approval mode and the tools allowed always. */
function approvalCommands(c: TuiController): Command[] {
  const notice = (text: string, level: 'info' | 'warn' | 'error' = 'info', markdown = false) => c.transcript.notice(text, level, markdown);
  const approvals = c.approvals;
  return [
    {
      name: 'auto',
      desc: 'toggle auto mode: every call runs without asking, unless a rule denies it',
      source: SOURCE,
      run() {
        if (!toggleAuto(c)) return;
        notice(
          approvals.isAuto()
            ? 'auto mode on: every call runs without asking, unless a rule denies it (Shift-Tab or :auto turns it off)'
            : `auto mode off: approval is "${approvals.mode()}" again`,
          approvals.isAuto() ? 'warn' : 'info',
        );
      },
    },
    {
      name: 'approvals',
      desc: 'list the tools allowed for this session; ":approvals clear" revokes them',
      source: SOURCE,
      complete: (arg) => (['clear'].filter((a) => a.startsWith(arg.trim()))),
      run(arg) {
        const sub = arg.trim();
        if (sub === 'clear') {
          const had = approvals.allowedAlways.list();
          approvals.allowedAlways.clear();
          notice(had.length ? `no tool is allowed always any more (was: ${had.join(', ')})` : 'no tool was allowed always');
          return;
        }
        if (sub) throw new Error(`unknown argument "${sub}": use :approvals to list, :approvals clear to revoke`);
        const tools = approvals.allowedAlways.list();
        notice(tools.length ? `allowed for this session: ${tools.join(', ')} (:approvals clear revokes them)` : 'no tool is allowed always in this session (press A in the dialog to allow one)');
      },
    },
  ];
}

/** `:model`, `:clear`, `:resume`, `:tutor` and `:q`: the conversation itself. */
function conversationCommands(c: TuiController): Command[] {
  const notice = (text: string, level: 'info' | 'warn' | 'error' = 'info', markdown = false) => c.transcript.notice(text, level, markdown);
  return [
    {
      name: 'model',
      desc: 'show or set the model: ":model provider/name"',
      source: SOURCE,
      complete: (arg) => modelChoices(c).filter((m) => m.startsWith(arg.trim())),
      run(arg) {
        const name = arg.trim();
        if (!name) {
          const current = c.session.modelName();
          const choices = modelChoices(c);
          notice(`model: ${current ?? 'none'}${choices.length ? `; choices: ${choices.join(', ')}` : ''}`);
          return;
        }
        const { provider } = parseModelName(name);
        // Caught now, not at the next prompt: a provider lug does not have.
        const providers = c.host.providers.names();
        if (!providers.includes(provider)) throw new Error(`unknown provider "${provider}" in model "${name}"; the providers are: ${providers.join(', ')}`);
        const local = c.localServers.find((s) => name.startsWith('openai/') && s.models.includes(name.slice('openai/'.length)));
        if (local && !c.host.env.OPENAI_BASE_URL && !c.host.env.OPENAI_API_KEY) c.host.env.OPENAI_BASE_URL = local.baseUrl;
        c.host.options.set('model', name);
        notice(`model: ${name}${local ? ` (${local.name} at ${c.host.env.OPENAI_BASE_URL})` : ''}`);
      },
    },
    {
      name: 'clear',
      desc: 'start a new conversation',
      source: SOURCE,
      run() {
        c.resetSession();
        notice('── new conversation ──');
      },
    },
    {
      name: 'resume',
      desc: 'list earlier conversations in this directory and their branches; ":resume ID" continues one, ":resume ID#N" a branch',
      source: SOURCE,
      complete: (arg) => resumeChoices(c).filter((id) => id.startsWith(arg.trim())),
      run(arg) {
        const wanted = arg.trim();
        if (!c.opts.store) throw new Error('this lug has no session store to resume from');
        const sessions = storedSessions(c);
        if (!wanted) {
          const own = sessionBranches(c, c.session.id).map((b) => `- \`${c.session.id}#${b.n}\` branch of this conversation: ${oneLine(b.prompt)}`);
          if (!sessions.length && !own.length) return notice('no earlier conversation in this directory');
          const lines = sessions.slice(0, RESUME_LISTED).flatMap((s) => {
            const listed = listing(c, s.id);
            return [`- \`${s.id}\` ${listed.prompt}`, ...listed.branches.map((b) => `  - \`${s.id}#${b.n}\` branch: ${oneLine(b.prompt)}`)];
          });
          const which = sessions.length > RESUME_LISTED ? `the newest ${RESUME_LISTED} of ${sessions.length}` : 'newest first';
          const more = sessions.length > RESUME_LISTED ? '; Tab completes any of them' : '; Tab completes';
          return notice(`Earlier conversations here, ${which} (\`:resume ID\` continues one, a prefix of the id is enough, \`:resume ID#N\` one of its branches${more}):\n\n${[...own, ...lines].join('\n')}`, 'info', true);
        }
        const [idPart, branchPart] = wanted.split('#');
        const branch = branchPart === undefined ? undefined : Number(branchPart);
        if (branch !== undefined && (!Number.isInteger(branch) || branch < 1)) throw new Error(`"${wanted}": a branch is written ID#N, N a branch number that :resume lists`);
        const candidates = branch !== undefined ? [{ id: c.session.id }, ...sessions] : sessions;
        const match = candidates.filter((s) => s.id.startsWith(idPart!));
        if (match.length !== 1) {
          throw new Error(match.length ? `"${idPart}" matches ${match.length} conversations: give more of the id` : `no conversation "${idPart}" in this directory; :resume lists them`);
        }
        c.resumeSession(match[0]!.id, branch);
        notice(`resumed ${match[0]!.id}${branch !== undefined ? `, branch #${branch} (the conversation it replaces is now that branch)` : ''}`);
      },
    },
    {
      name: 'tutor',
      desc: 'how to take the guided tour (lug --tutor), which needs no key',
      source: SOURCE,
      run() {
        notice(
          c.session.modelName() === 'tutor/scripted-tour'
            ? 'this is the tour: follow the lessons above, or type anything to go on'
            : 'the tour runs in a scratch copy of a sample project, never in yours: quit (:q) and start `lug --tutor`',
        );
      },
    },
    {
      name: 'q',
      desc: 'quit lug (stops the turn and every process lug started)',
      source: SOURCE,
      run() {
        c.exit();
      },
    },
  ];
}

/** `:lua`, `:help` and `:expand`: looking into lug and the last results. */
function lookCommands(c: TuiController): Command[] {
  const notice = (text: string, level: 'info' | 'warn' | 'error' = 'info', markdown = false) => c.transcript.notice(text, level, markdown);
  return [
    {
      name: 'lua',
      desc: 'run Lua in the live state: ":lua print(lug.opt.model)", ":lua =lug.opt" shows a value; Tab completes lug. names and globals',
      source: SOURCE,
      complete: (code) => c.opts.lua?.complete?.(code) ?? [],
      async run(code) {
        if (!c.opts.lua) throw new Error('Lua is not loaded in this lug (started without the Lua bridge)');
        if (!code.trim()) throw new Error('give the code to run: :lua CODE');
        const value = await c.opts.lua.run(code);
        const text = isRunResult(value) ? value.text : value === undefined || value === null ? '' : inspectValue(value);
        if (text) notice(text);
      },
    },
    {
      name: 'help',
      desc: 'show the manual: ":help keys", ":help approvals"',
      source: SOURCE,
      complete: (arg) => helpTopics(c.opts.docsDir).filter((t) => t.startsWith(arg.trim())),
      run(topic) {
        if (!topic.trim()) return notice(helpIndex(c), 'info', true);
        const page = helpFor(c.opts.docsDir, topic);
        if ('error' in page) throw new Error(page.error);
        notice(page.markdown, 'info', true);
      },
    },
    {
      name: 'expand',
      desc: 'show the full result of a recent tool call: ":expand" the last, ":expand 2" the one before',
      source: SOURCE,
      run(arg) {
        const n = arg.trim() ? Number(arg.trim()) : 1;
        if (!Number.isInteger(n) || n < 1) throw new Error(`"${arg.trim()}" is not a count: use :expand or :expand N (1 is the last call)`);
        if (c.transcript.expand(n)) return;
        const finished = c.transcript.finishedCallCount();
        if (finished === 0) notice('no tool call has finished yet');
        else if (n > finished) notice(`there ${finished === 1 ? 'has been 1 tool call' : `have been ${finished} tool calls`}: :expand ${finished === 1 ? '' : `1 to ${finished}`}`.trimEnd());
        else notice(`only the last ${c.transcript.keptResults} results are kept; the result of call ${n} back was dropped`);
      },
    },
  ];
}

/** How many earlier conversations `:resume` lists. */
const RESUME_LISTED = 15;

function tuiCommands(c: TuiController): Command[] {
  return [...approvalCommands(c), rulesCommand(c, SOURCE), ...conversationCommands(c), ...lookCommands(c), ...contextCommands(c), ...branchCommands(c), ...checkpointCommands(c), thinkCommand(c, SOURCE), editCommand(c, SOURCE), ...exportCommands(c, SOURCE), ...reloadCommands(c, SOURCE), mapCommand(c, SOURCE), messagesCommand(c, SOURCE), checkhealthCommand(c, SOURCE)];
}

function storedSessions(c: TuiController): Array<{ id: string }> {
  try {
    return (c.opts.store?.list(c.host.cwd) ?? []).filter((s) => s.id !== c.session.id);
  } catch {
    return [];
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line || '(no prompt)';
}

/** The first prompt of a stored conversation and its branches, for the :resume list (read without loading the file, where the store can). */
function listing(c: TuiController, id: string): { prompt: string; branches: Array<{ n: number; prompt: string }> } {
  try {
    const outline = outlineOf(c, id);
    return { prompt: oneLine(outline.prompt), branches: outline.branches };
  } catch {
    return { prompt: '(unreadable)', branches: [] };
  }
}

function outlineOf(c: TuiController, id: string): { prompt: string; branches: Array<{ n: number; prompt: string }> } {
  const store = c.opts.store!;
  if (store.outline) return store.outline(id);
  const stored = store.load(id);
  const first = stored.messages.find((m) => m.role === 'user');
  return { prompt: first && first.role === 'user' ? first.content : '', branches: stored.branches ?? [] };
}

/** The branches of stored conversation `id` (none when its file cannot be read). */
function branchesOf(c: TuiController, id: string): Array<{ n: number; prompt: string }> {
  try {
    return outlineOf(c, id).branches;
  } catch {
    return [];
  }
}

/** The branches of a conversation's file (none when it has no file yet). */
function sessionBranches(c: TuiController, id: string): Array<{ n: number; prompt: string }> {
  try {
    return c.opts.store!.list(c.host.cwd).some((s) => s.id === id) ? branchesOf(c, id) : [];
  } catch {
    return [];
  }
}

/** What :resume completes (at each Tab: the directory is listed once): the other conversations, and every branch (this conversation's too). */
function resumeChoices(c: TuiController): string[] {
  let stored: Array<{ id: string }>;
  try {
    stored = c.opts.store?.list(c.host.cwd) ?? [];
  } catch {
    stored = [];
  }
  const ids = stored.map((s) => s.id).filter((id) => id !== c.session.id);
  const withFiles = stored.some((s) => s.id === c.session.id) ? [c.session.id, ...ids] : ids;
  const branches = withFiles.flatMap((id) => branchesOf(c, id).map((b) => `${id}#${b.n}`));
  return [...ids, ...branches];
}

function modelChoices(c: TuiController): string[] {
  const names = new Set<string>();
  const fallback = defaultModel(c.host.env);
  if (fallback) names.add(fallback);
  for (const p of c.host.providers.names()) {
    if (p === 'anthropic') names.add(DEFAULT_ANTHROPIC_MODEL);
    if (p === 'openai') names.add(DEFAULT_OPENAI_MODEL);
  }
  for (const s of c.localServers) for (const m of s.models) names.add(`openai/${m}`);
  return [...names];
}

function tuiKeys(c: TuiController): KeyBinding[] {
  return [
    // What :auto does, its notice included: the two never disagree about what happened.
    { keys: '<S-Tab>', desc: 'toggle auto mode (as :auto)', source: SOURCE, run: () => (c.host.commands.get('auto') ?? { run: () => void toggleAuto(c) }).run('') },
    { keys: '<C-l>', desc: 'clear the screen and redraw', source: SOURCE, run: () => c.redraw() },
    editKey(c, SOURCE),
    {
      keys: '<C-o>',
      desc: 'open the reasoning streaming now, or show in full the last reasoning or tool result',
      source: SOURCE,
      run: () => {
        if (!c.transcript.expandLatest()) c.transcript.notice('no reasoning or tool result to show yet');
      },
    },
  ];
}

/** Register the TUI's commands and keys; returns the function that removes them. */
export function registerTuiCommands(c: TuiController): () => void {
  const undo = [...tuiCommands(c).map((cmd) => c.host.commands.register(cmd)), ...tuiKeys(c).map((k) => c.host.keys.set(k))];
  return () => {
    for (const fn of undo.reverse()) fn();
  };
}
