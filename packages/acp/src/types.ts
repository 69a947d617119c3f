/**
 * What the agent is handed: a way to compose one lug per ACP session (the
 * binary's composition, the same as headless and the interface use), and
 * where its own diagnostics go (never stdout: that is the protocol's).
 */
import type { Approvals } from '@lug/approvals';
import type { EditorFiles, LugHost, Session } from '@lug/core';
import type { EditorMcpServer } from './editor-mcp-servers.js';

/** One composed lug, for one ACP session: its host, guard, conversation and what start-up said. */
export interface AcpLug {
  host: LugHost;
  approvals: Approvals;
  session: Session;
  /** Errors from init.lua and plugins: sent to the editor as messages, never fatal. */
  startupErrors: string[];
  /** What resuming a damaged session file skipped or repaired. */
  sessionNotices: string[];
  /** Called when the session ends (the connection closed): free what the lug holds. */
  close?(): void | Promise<void>;
}

/** What `session/new` and `session/load` ask for. */
export interface ComposeRequest {
  /** Absolute; the session's project directory. */
  cwd: string;
  /** `session/load`: the id of a stored lug session to resume. */
  resume?: string;
  /**
   * Called with the host as soon as it exists, before init.lua runs, so that
   * what Lua says at start-up (print, lug.notify) reaches the editor too.
   */
  onHost?(host: LugHost): void;
  /**
   * The editor's view of files, when it offers `fs/read_text_file` or
   * `fs/write_text_file`: the host must be made with it (`createHost({ files })`),
   * so read, write and edit go through the editor's buffers.
   */
  files?: EditorFiles;
  /**
   * The MCP servers the editor handed over (`mcpServers`): started through
   * @lug/mcp like the configured ones, by their names (one of the editor's
   * wins over a configured server of the same name), never asked about as a
   * project's servers are: the editor's configuration is the user's.
   */
  mcpServers?: EditorMcpServer[];
}

export interface AcpAgentOptions {
  /** Compose a lug for one session. A throw becomes the request's error. */
  compose(request: ComposeRequest): Promise<AcpLug>;
  /**
   * lug's stored sessions, newest first (only those started in `cwd` when
   * given), for `session/list`: the editor shows them and loads one with
   * `session/load`. Without it, lug does not offer `session/list`.
   */
  listSessions?(cwd?: string): Array<{ id: string; cwd: string; mtimeMs: number }>;
  /** lug's version, for `agentInfo`. */
  version: string;
  /** Diagnostics (a dropped notification, a client's bad message): stderr in the binary. */
  log(message: string): void;
}
