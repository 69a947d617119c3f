/**
 * What `lug -p` prints: the model's text on stdout as it streams and one line
 * per tool call on stderr (text), every event as a JSON line (stream-json), or
 * one object at the end (json). The model's reasoning never goes to stdout in
 * text mode: with --show-reasoning it is written to stderr, dim on a terminal.
 *
 * Text mode keeps the two streams readable together and apart: assistant
 * messages are separated by a blank line on stdout, and a line on stderr (a
 * tool's, a notice) always starts a line: stdout's open line is ended first.
 * What a model, a file or a tool wrote cannot drive the terminal: stderr is
 * always escaped as the interface escapes (escapeForTerminal), stdout when it
 * is a terminal (JSON output with escapeJsonForTerminal, so it stays JSON).
 */
import {
  callTitle,
  denialText,
  detailsSummary,
  escapeForTerminal,
  escapeJsonForTerminal,
  type CallOutcome,
  type LugEvent,
  type LugHost,
  type ToolDetails,
} from '@lug/core';
import type { OutputFormat } from './args.js';
import { wireFields } from './headless-wire.js';

export interface ToolCallRecord {
  id: string;
  tool: string;
  args: Record<string, unknown> | undefined;
  outcome: CallOutcome;
  is_error: boolean;
  /** The first line of an error result, so a reader sees why. */
  error?: string;
  /** What the tool said about its result (exit status, lines changed…), when it said anything; snake_cased on output. */
  details?: ToolDetails;
}

/** What stream-json's first line says: which session this is and which model answers. */
export interface SessionStart {
  sessionId: string;
  model: string | null;
  cwd: string;
  resumed: boolean;
}

export interface Writers {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface PrinterOptions {
  /** Text mode: write reasoning to stderr. */
  showReasoning?: boolean;
  /** Write reasoning dim (stderr is a terminal). */
  dim?: boolean;
  /** Standard output is a terminal: escape what is written there too. */
  stdoutIsTerminal?: boolean;
}

/**
 * The writers with what lug writes escaped: every stderr line always, stdout
 * when it is a terminal. A carriage return at the end of a chunk waits for the
 * next one, which may begin with the newline that makes it a CRLF.
 */
export function escapingWriters(out: Writers, stdoutIsTerminal: boolean, json: boolean): Writers & { flush(): void } {
  let heldCr = false;
  const text = (chunk: string) => {
    let t = heldCr ? `\r${chunk}` : chunk;
    heldCr = t.endsWith('\r');
    if (heldCr) t = t.slice(0, -1);
    if (t) out.stdout(escapeForTerminal(t));
  };
  return {
    stdout: !stdoutIsTerminal ? out.stdout : json ? (t) => out.stdout(escapeJsonForTerminal(t)) : text,
    stderr: (t) => out.stderr(escapeForTerminal(t)),
    flush() {
      if (heldCr) out.stdout(escapeForTerminal('\r'));
      heldCr = false;
    },
  };
}

const DIM = '\x1b[2m';
const UNDIM = '\x1b[22m';

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

export class HeadlessPrinter {
  readonly calls: ToolCallRecord[] = [];
  /** The reasoning streamed so far, for the json result. */
  reasoning = '';
  /** Newlines at the end of what stdout got so far (2 once a blank line ends it); 2 before anything. */
  private trailingNewlines = 2;
  /** An assistant message with text and calls ended: the next text starts after a blank line. */
  private messageEnded = false;
  /** Reasoning was written to stderr and its line is still open. */
  private inReasoning = false;
  private unsubscribe: () => void;
  /** What the printer writes goes through these: escaped (see escapingWriters). */
  private out: Writers & { flush(): void };

  constructor(
    host: LugHost,
    private format: OutputFormat,
    private raw: Writers,
    private options: PrinterOptions = {},
  ) {
    this.out = escapingWriters(raw, options.stdoutIsTerminal ?? false, format !== 'text');
    this.unsubscribe = host.events.onAny((e) => this.onEvent(e));
  }

  private showReasoning(text: string): void {
    if (!this.options.showReasoning) return;
    if (!this.inReasoning && this.trailingNewlines === 0) this.writeText('\n');
    if (this.options.dim) this.raw.stderr(DIM);
    this.out.stderr(text);
    if (this.options.dim) this.raw.stderr(UNDIM);
    this.inReasoning = !text.endsWith('\n');
  }

  /** End an open line of reasoning on stderr before anything else is written. */
  private endReasoning(): void {
    if (this.inReasoning) this.out.stderr('\n');
    this.inReasoning = false;
  }

  /** stream-json's first line, before any event: the session's id and model (the core's own session_start came before this printer). */
  start(session: SessionStart): void {
    if (this.format === 'stream-json') this.out.stdout(JSON.stringify(wireFields({ type: 'session_start', ...session })) + '\n');
  }

  private writeText(text: string): void {
    if (!text) return;
    this.out.stdout(text);
    const trailing = text.length - text.replace(/\n+$/, '').length;
    this.trailingNewlines = trailing === text.length ? Math.min(2, this.trailingNewlines + trailing) : Math.min(2, trailing);
  }

  /** A line for stderr, started on a line of its own: stdout's open line (they share a terminal) is ended first. */
  private stderrLine(line: string): void {
    this.endReasoning();
    if (this.trailingNewlines === 0) this.writeText('\n');
    this.out.stderr(line);
  }

  /**
   * stream-json's line for an event the host did not emit (the run's own end, when lug stops lug.session.send),
   * written as every event's is.
   */
  streamLine(e: LugEvent): void {
    if (this.format === 'stream-json') this.out.stdout(JSON.stringify(wireFields(e)) + '\n');
  }

  private onEvent(e: LugEvent): void {
    this.streamLine(e);
    if (e.type === 'reasoning_delta') this.reasoning += e.text;
    if (e.type === 'tool_result') {
      const record: ToolCallRecord = { id: e.call.id, tool: e.call.tool, args: e.call.args, outcome: e.outcome, is_error: e.isError };
      if (e.isError) record.error = firstLine(e.content);
      if (e.details) record.details = e.details;
      this.calls.push(record);
    }
    if (this.format !== 'text') return;
    if (e.type === 'reasoning_delta') return this.showReasoning(e.text);
    if (e.type !== 'usage' && e.type !== 'tool_call' && e.type !== 'request_start' && e.type !== 'response_start') this.endReasoning();
    switch (e.type) {
      case 'text_delta':
        if (this.messageEnded && e.text) {
          // A new assistant message: a blank line after the last one's text.
          this.writeText('\n'.repeat(2 - this.trailingNewlines));
          this.messageEnded = false;
        }
        this.writeText(e.text);
        break;
      case 'assistant_message':
        // A message that made calls is over once they have run: the next text is another message's.
        // (One without calls was paused by the server, and its text goes on in the next.)
        if (e.message.content.some((part) => part.type === 'tool_call') && this.trailingNewlines < 2) {
          this.messageEnded = true;
          // Its tool lines follow on stderr: they start on a line of their own.
          if (this.trailingNewlines === 0) this.writeText('\n');
        }
        break;
      case 'tool_result': {
        // The call's title and, for a success, what its details say: `• bash npm test — done · exit 0 · 12 lines`.
        const arg = oneLine(callTitle(e.call), 80);
        const detail = e.isError ? `: ${firstLine(e.content)}` : e.details ? ` · ${detailsSummary(e.details)}` : '';
        const what = e.outcome === 'denied' ? denialText(e.content) : `${e.outcome}${detail}`;
        this.stderrLine(`• ${e.call.tool}${arg ? ` ${arg}` : ''} — ${what}\n`);
        break;
      }
      case 'retry':
        this.stderrLine(`lug: ${e.error}; retrying in ${(e.delayMs / 1000).toFixed(1)} s (attempt ${e.attempt + 1})\n`);
        break;
      case 'after_compact':
        // The summary itself is in the session file (and in --format stream-json's events); stderr says it happened.
        this.out.stderr(`lug: compacted ${e.replaced} older message${e.replaced === 1 ? '' : 's'} into a summary (${e.reason}; about ${e.tokensBefore} → ${e.tokensAfter} tokens)\n`);
        break;
      case 'notify':
        if (e.level !== 'info') this.stderrLine(`lug: ${e.message}\n`);
        break;
      case 'turn_end':
        if (this.trailingNewlines === 0) this.writeText('\n');
        this.out.flush();
        break;
    }
  }

  close(): void {
    this.unsubscribe();
  }
}
