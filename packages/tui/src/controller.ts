/**
 * Everything the TUI does that is not drawing: sending prompts (queued while a
 * turn runs), running `:commands`, Ctrl-C and Esc, swapping the session on
 * `:resume`, and the no-model message. The app component draws its stores and
 * routes keys here; commands and Lua keys reach it through the host registries.
 */
import path from 'node:path';
import type { Checkpoints, ConfirmQueue, PanelBoard } from '@lug/core';
import { describeCall, type LugHost } from '@lug/core';
import { listFilesByWalking, processTable } from '@lug/tools';
import type { FileLister, LuaRunner, ProcessCounts, TuiApprovals, TuiSession, TuiSessionStore } from './contracts.js';
import { PromptHistory } from './history.js';
import { InputStore } from './input-store.js';
import { createMarkdownRenderer, type MarkdownRenderer } from './markdown.js';
import type { PrimedStatus, StatusTicks } from './status-line.js';
import { coalescedStatusTicks } from './status-ticks.js';
import type { HealthSection } from './checkhealth-command.js';
import { foundMessage, noModelMessage, probeLocalModels, type LocalServer, type ProbeOptions } from './probe.js';
import { attachPromptImages, describeImage } from './prompt-images.js';
import { editExternally } from './external-editor.js';
import { autoStyle, FocusTracker, notificationSequence, type NotifyStyle } from './notifications.js';
import { TranscriptStore } from './transcript-store.js';
import { TypingGuard } from './typing-guard.js';

export interface TuiControllerOptions {
  host: LugHost;
  session: TuiSession;
  approvals: TuiApprovals;
  lua?: LuaRunner;
  /** Where history is kept (`<stateDir>/history`); undefined keeps it in memory. */
  stateDir?: string;
  version: string;
  /** The manual's pages, for `:help`. */
  docsDir?: string;
  /** Stored conversations, for `:resume`. */
  store?: TuiSessionStore;
  /** The project's file checkpoints, for :undo, :redo and :rewind (absent: they restore no files). */
  checkpoints?: Checkpoints;
  /** Errors from init.lua and plugins, shown once at the top. */
  startupErrors?: readonly string[];
  /** Warnings to show at start (what --continue skipped in a damaged session file). */
  startupNotices?: readonly string[];
  /** Parts `:checkhealth` reports beside lug's own (the CLI: each plugin, each MCP server). */
  health?: () => HealthSection[];
  /** Default: @lug/tools' process table. */
  processes?: ProcessCounts;
  /** Default: @lug/tools' ignore-aware walker. */
  listFiles?: FileLister;
  markdown?: MarkdownRenderer;
  /** Probe for local servers when there is no model (default true); options for tests. */
  probe?: boolean | ProbeOptions;
  /** Milliseconds between screen updates while text streams (0 in tests). */
  frameMs?: number;
  /**
   * What still loads after the first screen and may add commands (the CLI: the stock Lua
   * workflows). A `:command` not found yet waits for it and is looked up again.
   */
  loadingCommands?(): Promise<void>;
}

export interface ControllerSnapshot {
  session: TuiSession;
  queued: readonly string[];
  /** A transient hint under the input ("press Ctrl-C again to exit"). */
  hint: string | undefined;
  version: number;
}

const CTRL_C_WINDOW_MS = 2000;

export class TuiController {
  readonly host: LugHost;
  readonly approvals: TuiApprovals;
  readonly transcript: TranscriptStore;
  readonly input: InputStore;
  /** The host's confirms, which this interface shows and answers. */
  readonly confirms: ConfirmQueue;
  /** The host's panels (lug.ui.panel), shown above the input. */
  readonly panels: PanelBoard;
  /** The host's status-line marks (lug.ui.badge). */
  readonly badges: PanelBoard;
  readonly markdown: MarkdownRenderer;
  readonly processes: ProcessCounts;
  /** When the statusline function is asked again: after the host's events but the streamed deltas (a hook's counter changes then), a burst once. */
  readonly statusTicks: StatusTicks;
  /** Whether the terminal has the focus (its focus reports), for notifications. */
  readonly focus = new FocusTracker();
  /** Whether the person is still typing, so that a dialog appearing mid-word does not take the letters as answers. */
  readonly typing = new TypingGuard();
  localServers: LocalServer[] = [];
  /**
   * Tokens the model's context window holds, when known: the status line then
   * shows how full it is (`ctx 12k/200k 6%`). The hook the context accounting
   * fills (setContextWindow); undefined shows the tokens in use alone.
   */
  contextWindow: number | undefined;
  /** The statusline function's text for the first frame (startTui works it out before drawing). */
  primedStatus: PrimedStatus | undefined;
  private snapshot: ControllerSnapshot;
  private listeners = new Set<() => void>();
  private lastCtrlC = 0;
  private errorEvents = 0;
  private hintTimer: ReturnType<typeof setTimeout> | undefined;
  private detach: Array<() => void> = [];
  /** Set by the app: unmount ink. */
  onExit: (() => void) | undefined;
  /** Set by the app: clear the screen and draw the live region again. */
  onRedraw: (() => void) | undefined;
  /** Set by the app: write a control sequence to the terminal (OSC 52 for :copy). */
  onTerminalWrite: ((data: string) => void) | undefined;
  /** Set by the app: run `fn` with the terminal handed over (cooked mode), then take it back and redraw. */
  onHandOver: (<T>(fn: () => T) => T) | undefined;
  exited = false;

  constructor(readonly opts: TuiControllerOptions) {
    this.host = opts.host;
    const ui = opts.host.ui;
    if (!ui.interactive) {
      throw new Error('the interface needs a host made with createHost({ interactive: true }): it answers the confirms that host.ui.confirms queues');
    }
    this.confirms = ui.confirms;
    this.panels = ui.panels;
    this.badges = ui.badges;
    this.statusTicks = coalescedStatusTicks(opts.host.events);
    this.approvals = opts.approvals;
    this.markdown = opts.markdown ?? createMarkdownRenderer();
    this.processes = opts.processes ?? { running: () => processTable.running(), background: () => processTable.background(), subscribe: (fn) => processTable.subscribe(fn) };
    const env = opts.host.env;
    // A resumed call is described again by the core (its title), as it was when it ran; a tool gone since gets the generic one.
    const describe = (tool: string, args: Record<string, unknown>, argsText: string) => {
      try {
        return describeCall(opts.host.tools.get(tool), args, argsText, opts.host.cwd);
      } catch {
        return undefined;
      }
    };
    this.transcript = new TranscriptStore({ markdown: this.markdown, frameMs: opts.frameMs, describe });
    this.input = new InputStore({
      history: new PromptHistory(opts.stateDir ? path.join(opts.stateDir, 'history') : undefined),
      commands: opts.host.commands,
      listFiles: opts.listFiles ?? ((cwd, signal) => listFilesByWalking(cwd, { signal, env })),
      cwd: opts.host.cwd,
      viMode: () => opts.host.options.has('input') && opts.host.options.get<string>('input') === 'vi',
      notAKey: () => this.focus.isReport(),
    });
    this.snapshot = { session: opts.session, queued: [], hint: undefined, version: 0 };
  }

  get session(): TuiSession {
    return this.snapshot.session;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): ControllerSnapshot => this.snapshot;

  private update(patch: Partial<ControllerSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch, version: this.snapshot.version + 1 };
    for (const fn of this.listeners) fn();
  }

  /** Follow the host's events, serve its confirms and, with no model, say how to get one. */
  start(): void {
    // From here until dispose, confirms wait for this interface (dispose answers no to what still waits).
    this.detach.push(this.confirms.serve());
    // lug.session.send: a prompt as if typed here (queued behind a running turn, a `:command` run).
    this.detach.push(this.host.inbox.serve((prompt) => this.submit(prompt)));
    this.detach.push(this.transcript.attach(this.host.events));
    this.detach.push(this.host.events.on('turn_end', () => setTimeout(() => this.sendQueued(), 0)));
    this.detach.push(this.host.events.on('turn_end', (e) => this.notifyAway(e.reason === 'done' ? 'the answer is ready' : `the turn ended: ${e.reason.replace(/_/g, ' ')}`)));
    this.detach.push(this.approvals.queue.onChange(() => this.dialogChanged()));
    this.detach.push(this.confirms.subscribe(() => this.confirmChanged()));
    this.detach.push(this.host.events.on('error', () => void this.errorEvents++));
    this.detach.push(this.host.events.on('option_change', () => this.update({})));
    this.detach.push(this.host.events.on('mode_change', () => this.update({})));
    if (this.processes.subscribe) this.detach.push(this.processes.subscribe(() => this.update({})));
    // lug --continue / --resume: show the conversation being continued.
    if (this.session.messages.length) {
      this.transcript.replay(this.session.messages, this.session.subagents);
      this.transcript.setUsage(this.session.usage, this.session.cost);
    }
    for (const message of this.opts.startupErrors ?? []) this.transcript.notice(message, 'error');
    for (const message of this.opts.startupNotices ?? []) this.transcript.notice(message, 'warn');
    // How to set a model up is in the first frame; what runs locally comes after it (lookForLocalServers).
    if (!this.session.modelName()) this.transcript.notice(noModelMessage(), 'warn', true);
  }

  /**
   * Without a model, probe the usual local ports (three connections; node:http
   * only where one is taken) and say what answered, as a notice of its own: the interface
   * calls it once its first frame is out, so that frame does not wait for it.
   */
  async lookForLocalServers(): Promise<void> {
    const probe = this.opts.probe ?? true;
    if (probe === false || this.session.modelName()) return;
    this.localServers = await probeLocalModels(probe === true ? {} : probe).catch(() => []);
    const found = foundMessage(this.localServers);
    if (found) this.transcript.notice(found, 'info', true);
  }

  dispose(): void {
    for (const fn of this.detach.splice(0)) fn();
    if (this.hintTimer) clearTimeout(this.hintTimer);
    this.confirms.clear();
    this.transcript.dispose();
  }

  /** A line from the input: a `:command`, or a prompt for the model. */
  submit(text: string): void {
    if (/^:\S/.test(text.trimStart())) {
      void this.runCommand(text.trimStart().slice(1));
      return;
    }
    if (!this.session.modelName()) {
      this.transcript.notice(
        'no model is configured: set ANTHROPIC_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL and start lug again, or pick one with :model (see the message above)',
        'warn',
      );
      return;
    }
    if (this.session.running) {
      this.update({ queued: [...this.snapshot.queued, text] });
      return;
    }
    this.send(text);
  }

  private send(text: string): void {
    // `@shot.png` attaches the image; one that cannot be read stops the prompt, which goes back to the input.
    const attached = attachPromptImages(text, this.host.cwd);
    if ('error' in attached) {
      this.transcript.notice(attached.error, 'error');
      if (this.input.isEmpty()) this.input.setText(text);
      return;
    }
    const { images } = attached;
    const errorsBefore = this.errorEvents;
    const turn = this.session.submit(text, images.length ? { images } : undefined);
    // After the prompt (the session shows it as the turn starts, before its first await).
    if (images.length) this.transcript.notice(`attached ${images.map(describeImage).join(', ')}`);
    turn.then(
      (result) => {
        // The loop normally reports its error as an event; show the result's only if it did not.
        if (result.reason === 'error' && result.error && this.errorEvents === errorsBefore) this.transcript.notice(result.error, 'error');
      },
      (err: unknown) => this.transcript.notice(`the turn failed: ${err instanceof Error ? err.message : String(err)}`, 'error'),
    );
  }

  private sendQueued(): void {
    if (this.session.running || this.snapshot.queued.length === 0) return;
    const [next, ...rest] = this.snapshot.queued;
    this.update({ queued: rest });
    this.send(next!);
  }

  /** Run `name args` from the command registry; a unique prefix of a name is enough (`:he` is `:help`). */
  async runCommand(line: string): Promise<void> {
    const m = /^(\S+)\s*([\s\S]*)$/.exec(line.trim());
    if (!m) return;
    const [, name, args] = m as unknown as [string, string, string];
    const commands = this.host.commands;
    if (!commands.get(name) && this.opts.loadingCommands) await this.opts.loadingCommands();
    let command = commands.get(name);
    if (!command) {
      const candidates = commands.complete(name);
      if (candidates.length === 1) command = commands.get(candidates[0]!);
      else {
        const known = commands.list().map((c) => `:${c.name}`).join(' ');
        const why = candidates.length > 1 ? `:${name} could be ${candidates.map((c) => `:${c}`).join(', ')}` : `unknown command :${name}`;
        this.transcript.notice(`${why}; the commands are: ${known}`, 'error');
        return;
      }
    }
    try {
      await command!.run(args);
    } catch (err) {
      this.transcript.notice(`:${command!.name} failed: ${err instanceof Error ? err.message : String(err)}`, 'error');
    }
  }

  cancelTurn(): boolean {
    if (!this.session.running) return false;
    this.session.cancel();
    return true;
  }

  /** Ctrl-C: cancel the turn, or clear the input, or (twice in a row) exit. */
  interrupt(): void {
    const now = Date.now();
    if (now - this.lastCtrlC < CTRL_C_WINDOW_MS) {
      this.exit();
      return;
    }
    this.lastCtrlC = now;
    if (this.cancelTurn()) {
      this.update({ queued: [] });
      this.hint('turn cancelled · Ctrl-C again to exit');
    } else if (!this.input.isEmpty()) {
      this.input.clear();
      this.hint('input cleared · Ctrl-C again to exit');
    } else this.hint('press Ctrl-C again to exit');
  }

  /** Any key but Ctrl-C breaks a Ctrl-C pair. */
  keyPressed(): void {
    if (this.lastCtrlC === 0) return;
    this.lastCtrlC = 0;
    if (this.snapshot.hint) this.hint(undefined);
  }

  hint(text: string | undefined): void {
    if (this.hintTimer) clearTimeout(this.hintTimer);
    this.hintTimer = text ? setTimeout(() => this.update({ hint: undefined }), CTRL_C_WINDOW_MS) : undefined;
    this.update({ hint: text });
  }

  /** Continue a stored conversation (`:resume`), or one of its branches (`:resume ID#N`), showing it. */
  resumeSession(id: string, branch?: number): void {
    const store = this.opts.store;
    if (!store) throw new Error('this lug has no session store to resume from');
    if (!this.session.resume) throw new Error('this session cannot resume a stored conversation');
    if (branch !== undefined) {
      if (!store.switchBranch) throw new Error('this session store keeps no branches');
      store.switchBranch(id, branch);
    }
    const stored = store.load(id);
    if (this.session.running) this.session.cancel();
    this.session.resume(id, stored.messages, stored.usage, stored.cost, stored.compactions, stored.branches?.length ?? 0, stored.hydrate, stored.state, stored.subagents);
    this.update({ queued: [] });
    this.transcript.replay(this.session.messages, this.session.subagents);
    this.transcript.setUsage(this.session.usage, this.session.cost);
    if (stored.notice) this.transcript.notice(stored.notice, 'warn');
  }

  /** The model's context window in tokens (undefined: not known), for the status line. */
  setContextWindow(tokens: number | undefined): void {
    this.contextWindow = tokens;
    this.update({});
  }

  /** Start a new conversation (`:clear`). */
  resetSession(): void {
    if (this.session.running) this.session.cancel();
    this.session.reset();
    this.transcript.setUsage(this.session.usage, this.session.cost ?? 0);
    this.update({ queued: [] });
  }

  private askingId: string | undefined;
  private confirming: unknown;

  private dialogChanged(): void {
    const current = this.approvals.queue.current();
    const id = current?.call.id;
    if (id === this.askingId) return;
    this.askingId = id;
    if (current) this.notifyAway(`${current.call.tool} asks: ${current.call.description.title}`);
  }

  private confirmChanged(): void {
    const current = this.confirms.getSnapshot();
    if (current === this.confirming) return;
    this.confirming = current;
    if (current) this.notifyAway(`a confirmation waits: ${current.message}`);
  }

  /** Notify, per lug.opt.notify, when the terminal is not focused. */
  notifyAway(body: string): void {
    if (this.focus.focused || !this.onTerminalWrite) return;
    const option = this.host.options.has('notify') ? this.host.options.get<NotifyStyle>('notify') : 'auto';
    const style = option === 'auto' ? autoStyle(this.host.env) : option;
    const sequence = notificationSequence(style, 'lug', body);
    if (sequence) this.onTerminalWrite(sequence);
  }

  /** Ctrl-G, `:edit`: the prompt in the user's editor; what was saved replaces it. */
  editPrompt(): void {
    const env = { ...process.env, ...this.host.env };
    const handOver = this.onHandOver ?? (<T>(fn: () => T) => fn());
    const result = handOver(() => editExternally(this.input.text, env));
    if ('error' in result) return this.transcript.notice(result.error, 'error');
    this.input.setText(result.text);
  }

  redraw(): void {
    this.onRedraw?.();
  }

  exit(): void {
    if (this.exited) return;
    this.exited = true;
    if (this.session.running) this.session.cancel();
    this.confirms.clear();
    this.onExit?.();
  }
}
