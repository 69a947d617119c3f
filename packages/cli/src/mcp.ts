/**
 * MCP in the CLI: the configured servers (Lua's lug.mcp, the user's and the
 * project's .mcp.json) read at every start without the SDK; @lug/mcp's client
 * loaded only when a server is configured, after the first screen in the
 * interface, before the turn headless; `:mcp`; the ask before a project's
 * server first starts, remembered per project.
 */
import { configDir, stateDir, type Env, type LugHost } from '@lug/core';
import { ConfiguredServers, formatServerStatus, ProjectTrust, trustQuestion, type ConfiguredServer } from '@lug/mcp/config';
import type { McpManager } from '@lug/mcp';

/** How long after the first screen the interface starts the servers. */
const START_DELAY_MS = 1000;

export class McpSetup {
  readonly config = new ConfiguredServers();
  private manager: McpManager | undefined;
  private loading: Promise<McpManager> | undefined;
  private readonly trust: ProjectTrust;
  private readonly stateDir: string;
  private started = false;
  /** The first start's sync (the client loading, the servers given to it). */
  private syncing: Promise<McpManager | undefined> | undefined;
  /** Headless start-up notices, printed with the start-up errors (the printer does not exist yet while compose waits). */
  private notices: string[] | undefined;

  constructor(
    private readonly host: LugHost,
    env: Env,
  ) {
    this.stateDir = stateDir(env);
    this.trust = ProjectTrust.inStateDir(this.stateDir, host.cwd);
    this.config.readFiles({ configDir: configDir(env), projectDir: host.cwd, env });
    this.config.onChange(() => {
      if (this.started) void this.sync();
    });
    host.commands.register({
      name: 'mcp',
      desc: 'MCP servers: their state, tools and last error (:mcp restart NAME, :mcp disable NAME, :mcp enable NAME)',
      source: 'mcp',
      run: (argText) => this.command(argText),
      complete: (argText) => this.complete(argText),
    });
  }

  /** Where `:mcp__server__prompt` sends a prompt's text: the interface sets it (its input's submit). */
  submitPrompt: ((text: string) => void) | undefined;

  /** Problems in the .mcp.json files, for the start-up notices. */
  get errors(): string[] {
    return this.config.errors;
  }

  /** Start the configured servers in the background (loading the client when there is one), and any added later. */
  start(): void {
    this.started = true;
    this.syncing = this.sync();
    this.syncing.catch((err: Error) => this.host.events.emit('error', { message: `the MCP client did not start: ${err?.message ?? String(err)}` }));
  }

  /**
   * The interface: start a moment after the first screen, or when the first
   * turn starts if that is sooner; the first turn waits until every server
   * has started or failed (within the manager's deadline), so a prompt sent
   * at once has their tools too. Measured (packages/mcp/bench): three stdio
   * servers started right after the first frame made the screen with init.lua
   * applied 1.47× slower on this loaded 2-core machine (the SDK compiling,
   * three Node servers starting); a second later, 1.02×.
   */
  startSoon(delayMs = START_DELAY_MS): void {
    const go = () => {
      clearTimeout(timer);
      if (!this.started) this.start();
    };
    const timer = setTimeout(go, delayMs);
    timer.unref();
    const stop = this.host.hooks.on(
      'before_turn',
      async () => {
        stop();
        go();
        await this.syncing?.then((manager) => manager?.ready(), () => undefined);
      },
      'lug mcp',
    );
  }

  /** Start, and wait until every server has started or failed (headless, before its turn). */
  async startAndWait(): Promise<string[]> {
    this.started = true;
    this.notices = [];
    try {
      const manager = await this.sync();
      await manager?.ready();
      return this.notices;
    } finally {
      this.notices = undefined;
    }
  }

  /** The client, once loaded. */
  get loaded(): McpManager | undefined {
    return this.manager;
  }

  async close(): Promise<void> {
    await this.manager?.close();
  }

  private async sync(): Promise<McpManager | undefined> {
    const servers = this.config.list();
    if (!servers.length && !this.manager) return undefined;
    const manager = await this.load();
    manager.sync(this.config.list());
    return manager;
  }

  private load(): Promise<McpManager> {
    this.loading ??= Promise.all([import('@lug/mcp'), import('@lug/tools')]).then(([{ McpManager }, { spawnProcess, modelProcesses }]) => {
      this.manager = new McpManager(this.host, {
        // Stdio servers run code for the model like bash does: through modelProcesses, inside the sandbox lug.opt.sandbox asks for, read at each start.
        spawnProcess: modelProcesses(this.host).spawn,
        mayStart: (server) => this.mayStart(server),
        oauth: { stateDir: this.stateDir, open: (url, server) => this.openSignIn(url, server, spawnProcess) },
        submitPrompt: (text) => {
          if (this.submitPrompt) this.submitPrompt(text);
          else this.host.ui.notify('an MCP prompt is sent from the interface; headless, give the prompt text with -p', 'warn');
        },
      });
      return this.manager;
    });
    return this.loading;
  }

  /**
   * An HTTP server wants a sign-in: the interface shows the URL and tries to
   * open the browser; headless there is nobody to sign in, so the server fails
   * to start with that said (kept tokens still work headless).
   */
  private openSignIn(url: URL, server: string, spawn: (cmd: string[], opts: { timeoutSecs: number }) => { wait(): Promise<unknown> }): void {
    if (!this.host.ui.interactive) throw new Error(`MCP server ${server} needs you to sign in, which needs the interface: start lug here once and sign in; the tokens are kept`);
    this.host.ui.notify(`MCP server ${server} needs you to sign in: open ${url.href}`, 'warn');
    const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
    try {
      spawn([opener, url.href], { timeoutSecs: 10 }).wait().catch(() => undefined);
    } catch {
      // No browser to open: the notice has the URL.
    }
  }

  /** A project's server: the remembered answer, else ask (interactive) or leave it stopped (headless). */
  private async mayStart(server: ConfiguredServer): Promise<boolean> {
    const known = this.trust.answer(server);
    if (known !== undefined) return known;
    const { ui } = this.host;
    if (!ui.interactive) {
      const notice = `MCP server "${server.name}" from ${server.source} is not started: it has not been allowed for this project yet; start lug here once and answer, or add it with lug.mcp.add in init.lua`;
      if (this.notices) this.notices.push(notice);
      else ui.notify(notice, 'warn');
      return false;
    }
    const yes = await ui.confirms.ask(trustQuestion(server));
    // A "no" because the interface closed is no answer.
    if (yes || ui.confirms.served) this.trust.remember(server, yes);
    return yes;
  }

  private async command(argText: string): Promise<void> {
    const [action, name, ...rest] = argText.trim().split(/\s+/).filter(Boolean);
    const notify = (text: string, level: 'info' | 'warn' | 'error' = 'info') => this.host.ui.notify(text, level);
    if (!action) {
      notify(formatServerStatus(this.manager?.status() ?? [], { detail: true }));
      return;
    }
    if (!['restart', 'disable', 'enable'].includes(action) || !name || rest.length) {
      notify(`:mcp takes nothing (list the servers), or restart NAME, disable NAME, enable NAME; got "${argText.trim()}"`, 'error');
      return;
    }
    const server = this.manager?.get(name);
    if (!server) {
      notify(`no MCP server is named "${name}"; the servers are: ${this.manager?.names().join(', ') || 'none'}`, 'error');
      return;
    }
    if (action === 'restart') await server.restart();
    else if (action === 'disable') await server.disable();
    else await server.enable();
    notify(formatServerStatus(this.manager!.status().filter((s) => s.name === name)));
  }

  private complete(argText: string): string[] {
    const words = argText.split(/\s+/);
    if (words.length <= 1) return ['restart', 'disable', 'enable'].filter((a) => a.startsWith(words[0] ?? ''));
    const names = this.manager?.names() ?? this.config.list().map((s) => s.name);
    return names.filter((n) => n.startsWith(words[1] ?? '')).map((n) => `${words[0]} ${n}`);
  }
}
