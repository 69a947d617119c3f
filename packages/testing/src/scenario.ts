/**
 * The scenario language of the scripted model server: a list of steps, each
 * answering the next model request. The helpers build plain objects, so a
 * scenario can also be written (or generated) by hand.
 */
import type { RawStep } from './raw-replay.js';

/** Text the model streams, in the chunks it arrives in. */
export interface TextReply {
  type: 'text';
  chunks: string[];
}

/** A tool call the model makes; its argument text arrives in `fragments`. */
export interface ToolCallReply {
  type: 'tool_call';
  name: string;
  /** The call's id; the server makes one up when it is not given. */
  id?: string;
  /** The argument text, split as it is streamed. Joined, it may be invalid JSON on purpose. */
  fragments: string[];
}

export type ReplyPart = TextReply | ToolCallReply;

/** Why the model stopped, in neutral words; each wire format spells it its own way. */
export type ScriptedStop = 'end_turn' | 'tool_use' | 'max_tokens';

export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
}

interface Timing {
  /** Wait this long before answering at all. */
  delayMs?: number;
  /** Wait this long between two streamed events. */
  eventDelayMs?: number;
}

/** A complete answer: text and/or tool calls, then the stop reason and usage. */
export interface TurnStep extends Timing {
  kind: 'turn';
  parts: ReplyPart[];
  /** Default: 'tool_use' when the turn holds a tool call, else 'end_turn'. */
  stop?: ScriptedStop;
  /** Default: estimated from the request and reply sizes (about 4 characters a token). */
  usage?: ScriptedUsage;
}

/** An HTTP error in the wire format's own error JSON. */
export interface HttpErrorStep extends Timing {
  kind: 'http_error';
  status: number;
  message: string;
  /** The error type in the body; default from the status (e.g. 529 → overloaded_error). */
  errorType?: string;
  /** Seconds, sent as the `retry-after` header. */
  retryAfter?: number;
  headers?: Record<string, string>;
  /** Replace the whole body (sent as JSON unless it is a string). */
  body?: unknown;
}

/**
 * A stream cut in the middle: the status line, the headers and the events of
 * `parts` are sent (without the events that would end the message), then the
 * socket is destroyed.
 */
export interface CutStep extends Timing {
  kind: 'cut';
  parts: ReplyPart[];
  /** Send exactly this many events of the complete answer instead, then cut. */
  afterEvents?: number;
  /**
   * Before the cut, hold the connection open this long, sending nothing (an
   * answer that went quiet: a connection lost without a reset); the client
   * going away ends the wait.
   */
  holdMs?: number;
}

/** The connection is closed before any byte of an answer is sent. */
export interface HangUpStep extends Timing {
  kind: 'hang_up';
}

/**
 * The stream starts, then reports an error inside the stream (Anthropic's
 * `event: error`, OpenAI's `data: {"error": …}`) and ends.
 */
export interface StreamErrorStep extends Timing {
  kind: 'stream_error';
  parts: ReplyPart[];
  errorType: string;
  message: string;
}

export type Step = TurnStep | HttpErrorStep | CutStep | HangUpStep | StreamErrorStep | RawStep;

/** What a function step receives: the request being answered. */
export interface RecordedRequest {
  /** 0-based position among all requests the server received. */
  index: number;
  method: string;
  /** The path, without the query string. */
  path: string;
  query: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: any;
  /** Which wire format the path belongs to ('openai': Chat Completions, 'openai-responses': the Responses API). */
  format: 'anthropic' | 'openai' | 'openai-responses' | 'other';
  /** Set when the client went away before the answer was complete (a cancel, a cut). */
  disconnected: boolean;
  /** When the request's body had arrived (Date.now()), e.g. to time a client's start-up. */
  receivedAt: number;
}

/** A step decided when the request arrives, e.g. to answer from what it carries. */
export type DynamicStep = (request: RecordedRequest) => Step | ReplyPart | Promise<Step | ReplyPart>;

/** One entry of a scenario: a step, a single part (a turn of its own), or a function. */
export type ScenarioEntry = Step | ReplyPart | DynamicStep;

export type Scenario = ScenarioEntry[];

/** Split text into up to `pieces` chunks at word boundaries, so streaming is really exercised. */
export function splitText(text: string, pieces = 3): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length <= 1) return [text];
  const per = Math.ceil(words.length / pieces);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += per) chunks.push(words.slice(i, i + per).join(''));
  return chunks;
}

/** Split text into `pieces` fragments at arbitrary characters (as real APIs split tool arguments). */
export function splitFragments(text: string, pieces = 3): string[] {
  const chars = Array.from(text);
  if (chars.length < pieces * 2) return [text];
  const size = Math.ceil(chars.length / pieces);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** Streamed text. A string is split into a few chunks at word boundaries; an array gives the chunks exactly. */
export function text(content: string | string[]): TextReply {
  return { type: 'text', chunks: Array.isArray(content) ? [...content] : splitText(content) };
}

export interface ToolCallOptions {
  id?: string;
  /** Send this argument text instead of JSON.stringify(args): use it for invalid JSON. */
  argsText?: string;
  /** The argument text's fragments exactly; or how many fragments to split it into (default 3). */
  fragments?: string[] | number;
}

/** A tool call whose JSON arguments are streamed in fragments. */
export function toolCall(name: string, args: unknown = {}, options: ToolCallOptions = {}): ToolCallReply {
  const argsText = options.argsText ?? JSON.stringify(args);
  const fragments = Array.isArray(options.fragments) ? [...options.fragments] : splitFragments(argsText, options.fragments ?? 3);
  return { type: 'tool_call', name, id: options.id, fragments };
}

export type TurnOptions = Pick<TurnStep, 'stop' | 'usage' | 'delayMs' | 'eventDelayMs'>;

function isReplyPart(x: unknown): x is ReplyPart {
  return typeof x === 'object' && x !== null && ((x as ReplyPart).type === 'text' || (x as ReplyPart).type === 'tool_call');
}

function splitOptions<O extends object>(items: Array<ReplyPart | O>): { parts: ReplyPart[]; options: O | undefined } {
  const last = items[items.length - 1];
  if (last !== undefined && !isReplyPart(last)) return { parts: items.slice(0, -1) as ReplyPart[], options: last as O };
  return { parts: items as ReplyPart[], options: undefined };
}

/** One answer of several parts: `turn(text('Reading both.'), toolCall('read', {path: 'a'}), toolCall('read', {path: 'b'}))`. An options object may come last. */
export function turn(...items: Array<ReplyPart | TurnOptions>): TurnStep {
  const { parts, options } = splitOptions<TurnOptions>(items);
  return { kind: 'turn', parts, ...options };
}

export type HttpErrorOptions = Partial<Omit<HttpErrorStep, 'kind' | 'status'>>;

const STATUS_MESSAGES: Record<number, string> = {
  400: 'bad request (scripted)',
  401: 'invalid API key (scripted)',
  403: 'permission denied (scripted)',
  404: 'not found (scripted)',
  429: 'rate limit exceeded (scripted)',
  500: 'internal server error (scripted)',
  502: 'bad gateway (scripted)',
  503: 'service unavailable (scripted)',
  529: 'overloaded (scripted)',
};

/** An HTTP error answer, e.g. `httpError(429, { retryAfter: 0 })` or `httpError(529)`. */
export function httpError(status: number, options: HttpErrorOptions = {}): HttpErrorStep {
  return { kind: 'http_error', status, message: options.message ?? STATUS_MESSAGES[status] ?? `HTTP ${status} (scripted)`, ...options };
}

export type CutOptions = Pick<CutStep, 'afterEvents' | 'holdMs' | 'delayMs' | 'eventDelayMs'>;

/** A stream cut after the given parts: `cut(text('Hello, wor'))`. With no parts, the cut follows the headers. */
export function cut(...items: Array<ReplyPart | CutOptions>): CutStep {
  const { parts, options } = splitOptions<CutOptions>(items);
  return { kind: 'cut', parts, ...options };
}

/** Close the connection before answering anything (a connection error for the client). */
export function hangUp(options: Timing = {}): HangUpStep {
  return { kind: 'hang_up', ...options };
}

/** Start streaming the parts, then report an error inside the stream (default: overloaded_error). */
export function streamError(parts: ReplyPart[] = [], options: { errorType?: string; message?: string } = {}): StreamErrorStep {
  return { kind: 'stream_error', parts, errorType: options.errorType ?? 'overloaded_error', message: options.message ?? 'overloaded (scripted, mid-stream)' };
}

/**
 * A response sent as given (see raw-replay.ts). A body that reads as an event
 * stream is written one event at a time (and gets `content-type:
 * text/event-stream` unless headers say otherwise); anything else in one
 * piece, as JSON by default.
 */
export function raw(body: string, options: { status?: number; headers?: Record<string, string> } & Timing = {}): RawStep {
  const sse = /^(event|data|id|retry):|^:/m.test(body.trimStart().split('\n', 1)[0] ?? '');
  const contentType = sse ? 'text/event-stream; charset=utf-8' : 'application/json';
  const { status = 200, headers = {}, ...timing } = options;
  const hasType = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { kind: 'raw', response: { status, headers: hasType ? lower : { 'content-type': contentType, ...lower }, body, notes: [] }, ...timing };
}

/** The same step, answered only after `ms` milliseconds. */
export function delay(ms: number, step: Step | ReplyPart): Step {
  const s = isReplyPart(step) ? turn(step) : step;
  return { ...s, delayMs: ms };
}

/** A lone part is a turn of its own. */
export function toStep(entry: Step | ReplyPart): Step {
  return isReplyPart(entry) ? turn(entry) : entry;
}
