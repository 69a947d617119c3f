/**
 * What `lug -p` prints: the model's text on stdout as it streams and one line
 * per tool call on stderr (text), every event as a JSON line (stream-json), or
 * one object at the end (json). The model's reasoning never goes to stdout in
 * text mode: with --show-reasoning it is written to stderr, dim on a terminal.
 * What a model, a file or a tool wrote cannot drive the terminal: stderr is
 * always escaped as the interface escapes (escapeForTerminal), stdout when it
 * is a terminal (JSON output with escapeJsonForTerminal, so it stays JSON).
 */
import {
  callTitle,
  detailsSummary,
  escapeForTerminal,
  escapeJsonForTerminal,
  type CallOutcome,
  type LugEvent,
  type LugHost,
  type ToolDetails,
} from '@lug/core';
import type { OutputFormat } from './args.js';

export interface ToolCallRecord {
  id: string;
  tool: string;
  args: Record<string, unknown> | undefined;
  outcome: CallOutcome;
  is_error: boolean;
  /** The first line of an error result, so a reader sees why. */
  error?: string;
  /** What the tool said about its result (exit status, lines changed…), when it said anything. */
  details?: ToolDetails;
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
  private endsWithNewline = true;
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

  private onEvent(e: LugEvent): void {
    if (this.format === 'stream-json') this.out.stdout(JSON.stringify(e) + '\n');
    if (e.type === 'reasoning_delta') this.reasoning += e.text;
    if (e.type === 'tool_result') {
      const record: ToolCallRecord = { id: e.call.id, tool: e.call.tool, args: e.call.args, outcome: e.outcome, is_error: e.isError };
      if (e.isError) record.error = firstLine(e.content);
      if (e.details) record.details = e.details;
      this.calls.push(record);
    }
    if (this.format !== 'text') return;
    if (e.type === 'reasoning_delta') return this.showReasoning(e.text);
    if (e.type !== 'usage' && e.type !== 'tool_call' && e.type !== 'request_start') this.endReasoning();
    switch (e.type) {
      case 'text_delta':
        this.out.stdout(e.text);
        this.endsWithNewline = e.text.endsWith('\n');
        break;
      case 'tool_result': {
        // The call's title and, for a success, what its details say: `• bash npm test — done · exit 0 · 12 lines`.
        const arg = oneLine(callTitle(e.call), 80);
        const detail = e.isError ? `: ${firstLine(e.content)}` : e.details ? ` · ${detailsSummary(e.details)}` : '';
        this.out.stderr(`• ${e.call.tool}${arg ? ` ${arg}` : ''} — ${e.outcome}${detail}\n`);
        break;
      }
      case 'retry':
        this.out.stderr(`lug: ${e.error}; retrying in ${(e.delayMs / 1000).toFixed(1)} s (attempt ${e.attempt + 1})\n`);
        break;
      case 'after_compact':
        // The summary itself is in the session file (and in --format stream-json's events); stderr says it happened.
        this.out.stderr(`lug: compacted ${e.replaced} older messages into a summary (${e.reason}; about ${e.tokensBefore} → ${e.tokensAfter} tokens)\n`);
        break;
      case 'notify':
        if (e.level !== 'info') this.out.stderr(`lug: ${e.message}\n`);
        break;
      case 'turn_end':
        this.out.flush();
        if (!this.endsWithNewline) this.out.stdout('\n');
        this.endsWithNewline = true;
        break;
    }
  }

  close(): void {
    this.unsubscribe();
  }
}
