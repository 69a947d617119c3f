/**
 * An editor for tests: a client built on the official ACP SDK's client side,
 * driving the real `lug --acp` binary as a child process over stdio. It
 * records every session update, answers permission requests with a handler
 * the test sets, and keeps every line lug wrote on stdout so a test can hold
 * them all to be protocol messages.
 */
import * as acp from '@agentclientprotocol/sdk';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PassThrough, Readable, Writable } from 'node:stream';
import { LUG_BIN } from './run-lug.js';

export type PermissionHandler = (request: acp.RequestPermissionRequest, signal: AbortSignal) => Promise<acp.RequestPermissionResponse> | acp.RequestPermissionResponse;

export interface AcpEditor {
  agent: acp.ClientContext;
  child: ChildProcessWithoutNullStreams;
  /** Every session/update, in the order they arrived. */
  updates: acp.SessionNotification[];
  /** Every permission request lug sent, in order. */
  permissionRequests: acp.RequestPermissionRequest[];
  /** The editor's buffers, by absolute path: fs/read_text_file reads them (else the disk), fs/write_text_file writes them (never the disk). */
  buffers: Map<string, string>;
  /** Every fs/read_text_file and fs/write_text_file lug sent, in order. */
  fileRequests: Array<{ method: string; path: string; content?: string }>;
  /** How permission requests are answered from now on. Default: reject. */
  onPermission(handler: PermissionHandler): void;
  /** Every line lug wrote on stdout, as written. */
  stdoutLines(): string[];
  stderr(): string;
  /** Write raw bytes to lug's stdin (malformed messages). */
  writeRaw(text: string): void;
  /** Resolves when `predicate` holds for the updates (polls, with a deadline). */
  waitForUpdate(predicate: (u: acp.SessionUpdate) => boolean, timeoutMs?: number): Promise<acp.SessionUpdate>;
  /** Close stdin and wait for lug to exit. */
  close(): Promise<number | null>;
}

export const selected = (optionId: string): acp.RequestPermissionResponse => ({ outcome: { outcome: 'selected', optionId } });

export async function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Start `lug --acp` (with `args`) and connect to it as an editor; `initialize` is done. */
export async function startEditor(opts: { cwd: string; env: NodeJS.ProcessEnv; args?: string[]; clientCapabilities?: acp.ClientCapabilities }): Promise<AcpEditor> {
  const child = spawn(process.execPath, [LUG_BIN, '--acp', ...(opts.args ?? [])], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const tee = new PassThrough();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    tee.write(chunk);
  });
  child.stdout.on('end', () => tee.end());
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

  const updates: acp.SessionNotification[] = [];
  const permissionRequests: acp.RequestPermissionRequest[] = [];
  const buffers = new Map<string, string>();
  const fileRequests: AcpEditor['fileRequests'] = [];
  let handler: PermissionHandler = () => selected('reject_once');
  const app = acp
    .client({ name: 'test-editor' })
    .onNotification('session/update', ({ params }) => void updates.push(params))
    .onRequest('session/request_permission', ({ params, signal }) => {
      permissionRequests.push(params);
      return handler(params, signal);
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      fileRequests.push({ method: 'fs/read_text_file', path: params.path });
      return { content: buffers.get(params.path) ?? readFileSync(params.path, 'utf8') };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      fileRequests.push({ method: 'fs/write_text_file', path: params.path, content: params.content });
      buffers.set(params.path, params.content);
      return {};
    });
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(tee) as ReadableStream<Uint8Array>);
  const connection = app.connect(stream);
  await connection.agent.request('initialize', { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: opts.clientCapabilities ?? {}, clientInfo: { name: 'test-editor', version: '1' } });

  return {
    agent: connection.agent,
    child,
    updates,
    permissionRequests,
    buffers,
    fileRequests,
    onPermission: (h) => void (handler = h),
    stdoutLines: () => stdout.split('\n').filter((l) => l !== ''),
    stderr: () => stderr,
    writeRaw: (text) => void child.stdin.write(text),
    waitForUpdate: (predicate, timeoutMs) => waitFor('a session update', () => updates.map((n) => n.update).find(predicate), timeoutMs),
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      connection.close();
      return code;
    },
  };
}

/** The text of the agent message chunks in `updates`, joined. */
export function agentText(updates: acp.SessionNotification[]): string {
  return updates.flatMap((n) => (n.update.sessionUpdate === 'agent_message_chunk' && n.update.content.type === 'text' ? [n.update.content.text] : [])).join('');
}

/** Every line is one JSON-RPC 2.0 message (what the protocol allows on stdout, and nothing else). */
export function protocolProblems(lines: string[]): string[] {
  return lines.flatMap((line) => {
    try {
      const m = JSON.parse(line) as Record<string, unknown>;
      if (m.jsonrpc !== '2.0') return [`not JSON-RPC 2.0: ${line}`];
      if (!('method' in m) && !('result' in m) && !('error' in m)) return [`neither a request, a notification nor a response: ${line}`];
      return [];
    } catch {
      return [`not JSON: ${line}`];
    }
  });
}

/** The end of a test's editors: each closed, and what broke the protocol on their stdout (none, for a test that passes). */
export async function closeEditors(editors: ReadonlyArray<AcpEditor | undefined>): Promise<string[]> {
  const open = editors.filter((e): e is AcpEditor => e !== undefined);
  const problems = open.flatMap((e) => protocolProblems(e.stdoutLines()));
  await Promise.all(open.map((e) => e.close()));
  return problems;
}
