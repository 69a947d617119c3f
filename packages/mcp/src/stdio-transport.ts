/**
 * An MCP transport over a server process started through lug's process
 * runner (@lug/tools), so the server carries LUG_PROCESS_OWNER, is killed
 * with its whole group, and is gone when lug exits, as every process lug
 * starts. The SDK's StdioClientTransport spawns its own child (cross-spawn)
 * and cannot be handed one, hence this transport.
 *
 * Messages are newline-delimited JSON-RPC on stdout. A line that is not a
 * JSON-RPC message (a server that logs to stdout) is kept in a bounded tail,
 * not treated as an error; a line longer than MAX_LINE_CHARS is dropped
 * (said in the tail) so a runaway server cannot grow lug's memory. stderr is
 * kept the same way, its last few kilobytes only.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ProcessHandle, spawnProcess } from '@lug/tools';

/** The process runner's spawnProcess, handed in: the CLI gives its own instance of @lug/tools, so its exit cleanup and process table hold the servers. */
export type SpawnProcess = typeof spawnProcess;
import { BoundedText } from './bounded-text.js';
import { DROPPED_END_CHARS, droppedAnswerId } from './dropped-answer.js';

/** One JSON-RPC message on one line; longer lines are dropped. 16 M characters holds any tool result lug would keep. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;
const CLOSE_GRACE_MS = 2000;

export interface StdioServerSpec {
  /** The program and its arguments. */
  command: readonly string[];
  env?: Record<string, string>;
  cwd: string;
}

export class LugStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The server's stderr, its last few KB. */
  readonly stderr = new BoundedText(4096);
  /** Lines on stdout that were not protocol messages, their last few KB. */
  readonly stdoutNoise = new BoundedText(2048);
  /** How the process ended, once it has: "exited with status 1", "killed by SIGKILL". */
  exitDescription: string | undefined;

  private handle: ProcessHandle | undefined;
  private partial = '';
  private dropping = false;
  /** The first and (so far) last characters of the line being dropped: whose answer it was (dropped-answer.ts). */
  private droppedHead = '';
  private droppedTail = '';
  private closed = false;

  constructor(
    private readonly spec: StdioServerSpec,
    private readonly spawn: SpawnProcess,
  ) {}

  get pid(): number | undefined {
    return this.handle && this.handle.pid > 0 ? this.handle.pid : undefined;
  }

  async start(): Promise<void> {
    if (this.handle) throw new Error('this transport was started already');
    const handle = this.spawn(this.spec.command, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      openStdin: true,
      timeoutSecs: 0,
      // A server runs beside the session: the status line counts it in the background, not as a running command.
      background: true,
      // The runner keeps its own tails of both streams; ours are the ones shown.
      maxBytes: 4096,
      onOutput: (text, stream) => (stream === 'stdout' ? this.readStdout(text) : this.stderr.push(text)),
    });
    this.handle = handle;
    const ended = handle.wait().then(
      (r) => {
        this.exitDescription = r.signal ? `killed by ${r.signal}` : `exited with status ${r.code}`;
      },
      (err: Error) => {
        this.exitDescription = err.message;
        throw err;
      },
    );
    if (handle.pid < 0) {
      // Could not start at all (no such program): wait() says why.
      await ended;
      throw new Error('the server could not be started');
    }
    ended
      .catch((err: Error) => this.onerror?.(err))
      .finally(() => this.finish());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.handle?.stdin;
    if (!stdin || this.closed || stdin.destroyed) throw new Error(`the server is not running${this.exitDescription ? ` (it ${this.exitDescription})` : ''}`);
    const line = `${JSON.stringify(message)}\n`;
    await new Promise<void>((resolve, reject) => {
      stdin.write(line, (err) => (err ? reject(err) : resolve()));
    });
  }

  /** End the server: close its stdin (the polite end), then kill its group after a grace. */
  async close(): Promise<void> {
    const handle = this.handle;
    if (!handle || this.closed) return this.finish();
    handle.stdin?.end();
    const exited = handle.wait().then(
      () => true,
      () => true,
    );
    const graceOver = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_GRACE_MS).unref());
    if (!(await Promise.race([exited, graceOver]))) await handle.kill();
    await exited;
    this.finish();
  }

  /** Kill the server now (a hung server). */
  async kill(): Promise<void> {
    await this.handle?.kill();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  private readStdout(text: string): void {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl);
      start = nl + 1;
      if (this.dropping) {
        this.endDropped(piece);
        continue;
      }
      const line = this.partial + piece;
      this.partial = '';
      this.readLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    const rest = text.slice(start);
    if (this.dropping) {
      this.droppedTail = (this.droppedTail + rest).slice(-DROPPED_END_CHARS);
      return;
    }
    this.partial += rest;
    if (this.partial.length > MAX_LINE_CHARS) {
      this.stdoutNoise.push(`[a line of more than ${MAX_LINE_CHARS} characters was dropped]\n`);
      this.droppedHead = this.partial.slice(0, DROPPED_END_CHARS);
      this.droppedTail = this.partial.slice(-DROPPED_END_CHARS);
      this.partial = '';
      this.dropping = true;
    }
  }

  /** The dropped line ended: an answer to one of lug's requests fails that request now, saying why, instead of leaving it to time out. */
  private endDropped(lastPiece: string): void {
    const tail = (this.droppedTail + lastPiece).replace(/\r$/, '').slice(-DROPPED_END_CHARS);
    const id = droppedAnswerId(this.droppedHead, tail);
    this.dropping = false;
    this.partial = this.droppedHead = this.droppedTail = '';
    if (id === undefined) return;
    const message = `the server's answer was a line of more than ${MAX_LINE_CHARS} characters, more than lug reads; it was dropped (the model is shown a result only up to lug's output cap anyway: ask the tool for less)`;
    this.onmessage?.({ jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message } });
  }

  private readLine(line: string): void {
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch {
      this.stdoutNoise.push(`${line.length > 500 ? `${line.slice(0, 500)}…` : line}\n`);
      return;
    }
    this.onmessage?.(message);
  }
}
