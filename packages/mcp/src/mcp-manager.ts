/**
 * Every configured server of one lug, and their tools in the host's tool
 * registry: registered when a server lists them, replaced when it lists them
 * again, removed with the server. Servers start in the background; `ready()`
 * waits until each has started or failed (headless waits before its turn).
 */
import type { LugHost } from '@lug/core';
import { promptCommand } from './mcp-prompt.js';
import { mcpTool, quotedName } from './mcp-tool.js';
import { ServerConnection } from './server-connection.js';
import type { ManagedServerStatus } from './server-status.js';
import type { ConfiguredServer } from './server-config.js';
import type { OpenAuthorization } from './oauth-provider.js';
import type { SpawnProcess } from './stdio-transport.js';

export interface McpManagerOptions {
  /** The process runner stdio servers start through (@lug/tools' spawnProcess, from the caller's instance of it). */
  spawnProcess: SpawnProcess;
  /**
   * Where a prompt's text goes when `:mcp__server__prompt` runs: the
   * interface's input, as if the user typed it. Without it (headless) the
   * command says that prompts need the interface.
   */
  submitPrompt?(text: string): void;
  /** OAuth for HTTP servers that require it (see ServerConnection). */
  oauth?: { stateDir: string; open: OpenAuthorization };
  /** Whether a project's server may start: asked once, remembered (project-trust.ts). Default: yes. */
  mayStart?(server: ConfiguredServer): Promise<boolean>;
  /** How long a server may take to answer each request of its start (ServerConnection's START_TIMEOUT_MS by default). */
  startTimeoutMs?: number;
}

interface Entry {
  connection: ServerConnection;
  removeTools: Array<() => void>;
  /** The names its tools are offered under. */
  lugTools: string[];
  removeCommands: Array<() => void>;
  /** Tools the server offers that lug does not, and why. */
  refused: string[];
  allowed: Promise<boolean> | undefined;
}

export class McpManager {
  private entries = new Map<string, Entry>();
  private listeners = new Set<() => void>();

  constructor(
    private readonly host: LugHost,
    private readonly opts: McpManagerOptions,
  ) {}

  /** Add (or replace) a server and start it in the background. */
  add(server: ConfiguredServer): void {
    void this.remove(server.name);
    const entry: Entry = { connection: undefined!, removeTools: [], lugTools: [], removeCommands: [], refused: [], allowed: undefined };
    entry.connection = new ServerConnection(server, {
      cwd: this.host.cwd,
      spawnProcess: this.opts.spawnProcess,
      onToolsChanged: () => this.registerTools(entry),
      onPromptsChanged: () => this.registerPrompts(entry),
      onStateChanged: () => this.changed(),
      oauth: this.opts.oauth,
      startTimeoutMs: this.opts.startTimeoutMs,
    });
    this.entries.set(server.name, entry);
    this.changed();
    // A failure is kept in the server's state and last error, for :mcp and the calls.
    this.start(entry).catch(() => undefined);
  }

  /** Make the servers these: new ones added, changed ones replaced, missing ones removed. */
  sync(servers: ConfiguredServer[]): void {
    const wanted = new Map(servers.map((s) => [s.name, s]));
    for (const name of this.names()) if (!wanted.has(name)) void this.remove(name);
    for (const server of servers) {
      const held = this.entries.get(server.name)?.connection.server;
      if (held && held.source === server.source && JSON.stringify(held.config) === JSON.stringify(server.config)) continue;
      this.add(server);
    }
  }

  async remove(name: string): Promise<boolean> {
    const entry = this.entries.get(name);
    if (!entry) return false;
    this.entries.delete(name);
    for (const remove of [...entry.removeTools, ...entry.removeCommands]) remove();
    entry.removeTools = [];
    entry.lugTools = [];
    entry.removeCommands = [];
    await entry.connection.stop();
    this.changed();
    return true;
  }

  get(name: string): ServerConnection | undefined {
    return this.entries.get(name)?.connection;
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  status(): ManagedServerStatus[] {
    return [...this.entries.values()].map((e) => ({
      ...e.connection.status(),
      lugTools: e.lugTools,
      refused: e.refused,
    }));
  }

  /** Resolves once every server has started, failed, or is waiting for an answer that will not come in time. */
  async ready(timeoutMs = 35_000): Promise<void> {
    const starts = [...this.entries.values()].map((e) => this.start(e).catch(() => undefined));
    const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.all(starts), timer]);
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** End every server (lug is exiting). */
  async close(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((name) => this.remove(name)));
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  private start(entry: Entry): Promise<void> {
    const { connection } = entry;
    entry.allowed ??= connection.server.project && this.opts.mayStart ? this.opts.mayStart(connection.server) : Promise.resolve(true);
    return entry.allowed.then(async (allowed) => {
      if (!allowed) {
        connection.state = 'disabled';
        connection.lastError = `not started: ${connection.server.source} configures it and it was not allowed for this project`;
        this.changed();
        return;
      }
      if (connection.state === 'stopped' || connection.state === 'starting') await connection.ensureStarted().then(() => undefined);
    });
  }

  private registerPrompts(entry: Entry): void {
    if (this.entries.get(entry.connection.name) !== entry) return;
    for (const remove of entry.removeCommands) remove();
    entry.removeCommands = [];
    const submit = (text: string) => {
      if (this.opts.submitPrompt) this.opts.submitPrompt(text);
      else this.host.ui.notify('an MCP prompt is sent from the interface; headless, give the prompt text with -p', 'warn');
    };
    const notify = (text: string, level: 'info' | 'error') => this.host.ui.notify(text, level);
    for (const prompt of entry.connection.prompts) {
      const command = promptCommand(prompt, entry.connection, { submit, notify });
      // A command of that name from elsewhere (Lua, the interface) stays: the server's prompt is not offered under it.
      if (this.host.commands.get(command.name)) continue;
      entry.removeCommands.push(this.host.commands.register(command));
    }
    this.changed();
  }

  private registerTools(entry: Entry): void {
    if (this.entries.get(entry.connection.name) !== entry) return;
    for (const remove of entry.removeTools) remove();
    entry.removeTools = [];
    entry.lugTools = [];
    entry.refused = [...entry.connection.malformedTools];
    const taken = new Set<string>();
    for (const def of entry.connection.tools) {
      const made = mcpTool(def, entry.connection);
      if ('refused' in made) {
        entry.refused.push(made.refused);
        continue;
      }
      if (taken.has(made.tool.name)) {
        entry.refused.push(`tool ${quotedName(def.name)} is not offered: its lug name ${made.tool.name} is taken by another of the server's tools`);
        continue;
      }
      try {
        entry.removeTools.push(this.host.tools.register(made.tool, `mcp:${entry.connection.name}`));
        taken.add(made.tool.name);
        entry.lugTools.push(made.tool.name);
      } catch (err) {
        entry.refused.push(`tool ${quotedName(def.name)} is not offered: ${(err as Error).message}`);
      }
    }
    this.changed();
  }
}
