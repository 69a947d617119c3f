/**
 * One configured MCP server and its connection: started in the background,
 * its tools listed (and listed again on notifications/tools/list_changed),
 * started again on next use after it exits or hangs, ended with lug.
 */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type GetPromptResult,
  type Prompt,
  type Tool as McpToolDef,
} from '@modelcontextprotocol/sdk/types.js';
import { LugStdioTransport, type SpawnProcess } from './stdio-transport.js';
import { DEFAULT_CALL_TIMEOUT_SECS, isStdio, type ConfiguredServer } from './server-config.js';
import type { ServerState, ServerStatus } from './server-status.js';
import { readToolList } from './tool-list.js';

export type { ServerState, ServerStatus } from './server-status.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { httpTransports, transportLabel } from './http-transport.js';
import { LugOAuthProvider, type OpenAuthorization } from './oauth-provider.js';
import { OAuthStore } from './oauth-store.js';

/** How long a server may take to start and list its tools. */
export const START_TIMEOUT_MS = 30_000;
/** After a call times out, how long the server has to answer a ping before it counts as hung and is ended. */
const PING_TIMEOUT_MS = 5_000;
const CLIENT_INFO = { name: 'lug', version: '0.1.0' };

export class McpCallError extends Error {
  override name = 'McpCallError';
}

/**
 * A step of a server's start, its timeout said by name: the SDK's own error
 * says only "Request timed out", and a server that never answers initialize
 * read as any other timeout in :mcp.
 */
async function startStep<T>(request: string, timeoutMs: number, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      throw new Error(`it did not answer ${request} within ${timeoutMs / 1000} s`);
    }
    throw err;
  }
}

interface Live {
  client: Client;
  transport: Transport;
  /** "stdio", "Streamable HTTP" or "HTTP+SSE". */
  transportName: string;
  stdio?: LugStdioTransport;
}

export class ServerConnection {
  state: ServerState = 'stopped';
  lastError: string | undefined;
  tools: McpToolDef[] = [];
  /** Tools the server listed that are not MCP tools (or whose output schema cannot be used), and why: not offered. */
  malformedTools: string[] = [];
  /** The prompts it offers (when it offers prompts). */
  prompts: Prompt[] = [];
  private live: Live | undefined;
  private starting: Promise<Live> | undefined;
  private closing = false;
  private lastStdio: LugStdioTransport | undefined;

  constructor(
    readonly server: ConfiguredServer,
    private readonly opts: {
      cwd: string;
      spawnProcess: SpawnProcess;
      onToolsChanged(): void;
      onPromptsChanged?(): void;
      onStateChanged?(): void;
      /** OAuth for HTTP servers that require it: where tokens are kept, and how the user is shown the sign-in URL. Without it, such a server fails to start. */
      oauth?: { stateDir: string; open: OpenAuthorization };
      /** How long each request of the start (initialize, the tool and prompt lists) may take: START_TIMEOUT_MS by default. */
      startTimeoutMs?: number;
    },
  ) {}

  private get startTimeoutMs(): number {
    return this.opts.startTimeoutMs ?? START_TIMEOUT_MS;
  }

  get name(): string {
    return this.server.name;
  }

  /** How it is reached now: "stdio", "Streamable HTTP" or "HTTP+SSE"; undefined while not connected. */
  get transportName(): string | undefined {
    return this.live?.transportName;
  }

  get timeoutMs(): number {
    return (this.server.config.timeout ?? DEFAULT_CALL_TIMEOUT_SECS) * 1000;
  }

  status(): ServerStatus {
    return {
      name: this.name,
      state: this.state,
      source: this.server.source,
      tools: this.tools.map((t) => t.name),
      lastError: this.lastError,
      stderr: this.lastStdio?.stderr.read() ?? '',
      stdoutNoise: this.lastStdio?.stdoutNoise.read() ?? '',
      pid: this.live?.stdio?.pid,
    };
  }

  /** Start it (if it is not running or starting) and resolve once its tools are listed. */
  ensureStarted(): Promise<Live> {
    if (this.state === 'disabled') return Promise.reject(new McpCallError(`MCP server ${this.name} is disabled (:mcp enable ${this.name} starts it again)`));
    if (this.live) return Promise.resolve(this.live);
    this.starting ??= this.connect().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Call one of its tools; a crash, a hang or a timeout becomes a McpCallError that says what happened. */
  async callTool(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    const live = await this.ensureStarted();
    const timeout = this.timeoutMs;
    try {
      return (await live.client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout, maxTotalTimeout: timeout })) as CallToolResult;
    } catch (err) {
      if (signal.aborted) throw new McpCallError(`cancelled; MCP server ${this.name} was told to stop the call`);
      const message = (err as Error).message;
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
        void this.checkAlive(live);
        throw new McpCallError(`MCP server ${this.name} did not answer within ${timeout / 1000} s; it was told to cancel the call (the timeout is the server's "timeout" setting, in seconds)`);
      }
      if (this.live !== live) throw new McpCallError(`MCP server ${this.name} stopped during the call (${this.lastError ?? 'it closed the connection'}); it is started again on next use`);
      throw new McpCallError(`MCP server ${this.name}: ${message}`);
    }
  }

  async restart(): Promise<void> {
    if (this.state === 'disabled') this.state = 'stopped';
    await this.stop();
    await this.ensureStarted().catch(() => undefined);
  }

  async disable(): Promise<void> {
    await this.stop();
    this.state = 'disabled';
    this.changed();
  }

  async enable(): Promise<void> {
    if (this.state !== 'disabled') return;
    this.state = 'stopped';
    await this.ensureStarted().catch(() => undefined);
  }

  /** End the connection (and the server process). Its tools stay known, so a call starts it again. */
  async stop(): Promise<void> {
    // A start waiting for a sign-in gives up at once.
    this.startAbort?.abort();
    const live = this.live ?? (await this.starting?.catch(() => undefined));
    if (!live) return;
    this.closing = true;
    try {
      await live.client.close().catch(() => undefined);
      await live.transport.close().catch(() => undefined);
    } finally {
      this.closing = false;
      if (this.live === live) this.live = undefined;
      if (this.state !== 'disabled') this.state = 'stopped';
      this.changed();
    }
  }

  private changed(): void {
    this.opts.onStateChanged?.();
  }

  /** The ways to reach the server, tried in order: stdio; or Streamable HTTP, then the older HTTP+SSE. */
  private transports(): Array<() => Transport> {
    const { config } = this.server;
    if (isStdio(config)) {
      return [
        () => {
          const stdio = new LugStdioTransport({ command: config.command, env: config.env, cwd: resolve(this.opts.cwd, config.cwd ?? '.') }, this.opts.spawnProcess);
          this.lastStdio = stdio;
          return stdio;
        },
      ];
    }
    return httpTransports(config, this.oauthProvider());
  }

  private oauth: LugOAuthProvider | undefined;

  private oauthProvider(): LugOAuthProvider | undefined {
    const { config } = this.server;
    if (!this.opts.oauth || isStdio(config)) return undefined;
    this.oauth ??= new LugOAuthProvider(new OAuthStore(this.opts.oauth.stateDir, this.name, config.url), this.name, this.opts.oauth.open);
    return this.oauth;
  }

  private startAbort: AbortController | undefined;

  private async connect(): Promise<Live> {
    this.startAbort = new AbortController();
    this.state = 'starting';
    this.changed();
    const failures: string[] = [];
    await this.oauthProvider()?.preparePort();
    const makers = this.transports();
    for (let i = 0; i < makers.length; i++) {
      const transport = makers[i]!();
      try {
        return await this.open(transport);
      } catch (err) {
        await transport.close().catch(() => undefined);
        if (err instanceof UnauthorizedError && this.oauth) {
          // The server wants a sign-in: the browser brings the code back to the loopback redirect, then the same transport again.
          try {
            const code = await this.oauth.waitForCode(this.startAbort.signal);
            await (transport as StreamableHTTPClientTransport | SSEClientTransport).finishAuth(code);
            return await this.open(makers[i]!());
          } catch (authErr) {
            failures.push(`${transportLabel(transport)}: signing in failed: ${(authErr as Error).message}`);
            break;
          }
        }
        failures.push(`${transportLabel(transport)}: ${(err as Error).message}`);
      }
    }
    this.fail(new Error(failures.length === 1 ? failures[0]!.replace(/^[^:]*: /, '') : failures.join('; ')));
    throw new McpCallError(`MCP server ${this.name} could not start: ${this.lastError}`);
  }

  private async open(transport: Transport): Promise<Live> {
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      void this.listTools(client).catch((err: Error) => this.fail(err));
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      void this.listPrompts(client).catch((err: Error) => this.fail(err));
    });
    try {
      await startStep('initialize', this.startTimeoutMs, client.connect(transport, { timeout: this.startTimeoutMs }));
      await startStep('tools/list', this.startTimeoutMs, this.listTools(client));
      await startStep('prompts/list', this.startTimeoutMs, this.listPrompts(client));
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    const live: Live = { client, transport, transportName: transportLabel(transport), stdio: transport instanceof LugStdioTransport ? transport : undefined };
    client.onclose = () => this.lost(live);
    this.live = live;
    this.state = 'ready';
    this.lastError = undefined;
    this.changed();
    return live;
  }

  private async listTools(client: Client): Promise<void> {
    const { tools, malformed } = await readToolList(client, this.startTimeoutMs);
    this.tools = tools;
    this.malformedTools = malformed;
    this.opts.onToolsChanged();
  }

  private async listPrompts(client: Client): Promise<void> {
    if (!client.getServerCapabilities()?.prompts) return;
    const prompts: Prompt[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPrompts(cursor ? { cursor } : undefined, { timeout: this.startTimeoutMs });
      prompts.push(...page.prompts);
      cursor = page.nextCursor;
    } while (cursor && prompts.length < 10_000);
    this.prompts = prompts;
    this.opts.onPromptsChanged?.();
  }

  /** Get one of its prompts with these arguments. */
  async getPrompt(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<GetPromptResult> {
    const live = await this.ensureStarted();
    try {
      return await live.client.getPrompt({ name, arguments: args }, { signal, timeout: this.timeoutMs });
    } catch (err) {
      throw new McpCallError(`MCP server ${this.name}: prompt ${name}: ${(err as Error).message}`);
    }
  }

  private fail(err: Error): void {
    const stderr = this.lastStdio?.stderr.lastLine();
    const exit = this.lastStdio?.exitDescription;
    this.lastError = [err.message, exit && `the process ${exit}`, stderr && `its stderr ends: ${stderr}`].filter(Boolean).join('; ');
    this.state = 'failed';
    this.changed();
  }

  /** The connection closed without lug closing it: the server exited or crashed. */
  private lost(live: Live): void {
    if (this.live !== live || this.closing) return;
    this.live = undefined;
    const exit = live.stdio?.exitDescription;
    const stderr = live.stdio?.stderr.lastLine();
    this.lastError = [`the server ${exit ?? 'closed the connection'}`, stderr && `its stderr ends: ${stderr}`].filter(Boolean).join('; ');
    this.state = 'failed';
    this.changed();
  }

  /** After a timeout: a server that does not answer a ping is hung, and is ended (started again on next use). */
  private async checkAlive(live: Live): Promise<void> {
    try {
      await live.client.ping({ timeout: PING_TIMEOUT_MS });
    } catch {
      if (this.live !== live) return;
      this.live = undefined;
      this.lastError = `the server did not answer a ping ${PING_TIMEOUT_MS / 1000} s after a call timed out (hung); it was ended and is started again on next use`;
      this.state = 'failed';
      this.changed();
      this.closing = true;
      await live.client.close().catch(() => undefined);
      await live.transport.close().catch(() => undefined);
      this.closing = false;
    }
  }
}
