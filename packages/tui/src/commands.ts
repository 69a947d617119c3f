/**
 * The TUI's own `:commands` and keys, registered in the host's registries with
 * source "tui", beside (and overridable by) those Lua registers.
 */
import type { Command, KeyBinding } from '@lug/core';
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
import { modelCommand } from './model-command.js';
import { resumeCommand } from './resume-command.js';

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
    modelCommand(c, SOURCE),
    {
      name: 'clear',
      desc: 'start a new conversation',
      source: SOURCE,
      run() {
        c.resetSession();
        notice('── new conversation ──');
      },
    },
    resumeCommand(c, SOURCE),
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

function tuiCommands(c: TuiController): Command[] {
  return [...approvalCommands(c), rulesCommand(c, SOURCE), ...conversationCommands(c), ...lookCommands(c), ...contextCommands(c), ...branchCommands(c), ...checkpointCommands(c), thinkCommand(c, SOURCE), editCommand(c, SOURCE), ...exportCommands(c, SOURCE), ...reloadCommands(c, SOURCE), mapCommand(c, SOURCE), messagesCommand(c, SOURCE), checkhealthCommand(c, SOURCE)];
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
