/**
 * Raw replay: answer a request with an HTTP response written out byte for
 * byte — a stream shaped exactly like what a real server sends, quirks and
 * all — instead of one the scripted server composes. A fixture file holds the
 * response as text, after notes on where its shape comes from:
 *
 *     # DeepSeek thinking mode with a tool call; shape from api-docs.deepseek.com (2026-06)
 *     HTTP/1.1 200 OK
 *     content-type: text/event-stream
 *
 *     data: {"id":"…","choices":[{"index":0,"delta":{"reasoning_content":"Let me"}}]}
 *
 *     data: [DONE]
 *
 * The body is sent as it is written, one SSE event (up to a blank line) at a time.
 */
import { readFileSync } from 'node:fs';

/** A whole HTTP response, as a fixture file holds it. */
export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** The fixture's notes (its `#` lines), without the `#`. */
  notes: string[];
}

export interface RawStep {
  kind: 'raw';
  response: RawResponse;
  /** Wait this long before answering at all. */
  delayMs?: number;
  /** Wait this long between two events of the body. */
  eventDelayMs?: number;
  /** Destroy the socket after this many events instead of ending the response. */
  cutAfterEvents?: number;
}

/** Parse a fixture's text: `#` notes, a status line, headers, a blank line, the body verbatim. */
export function parseRawResponse(text: string, where = 'the fixture'): RawResponse {
  const lines = text.split('\n');
  const notes: string[] = [];
  let i = 0;
  for (; i < lines.length && (lines[i]!.startsWith('#') || lines[i]!.trim() === ''); i++) {
    if (lines[i]!.startsWith('#')) notes.push(lines[i]!.replace(/^#\s?/, ''));
  }
  const status = /^HTTP\/[\d.]+ (\d{3})\b/.exec(lines[i] ?? '');
  if (!status) throw new Error(`${where}: expected a status line such as "HTTP/1.1 200 OK" after the notes, got ${JSON.stringify(lines[i] ?? '')}`);
  const headers: Record<string, string> = {};
  for (i++; i < lines.length && lines[i]!.replace(/\r$/, '') !== ''; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`${where}: header line ${i + 1} is not "name: value": ${JSON.stringify(line)}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status[1]), headers, body: lines.slice(i + 1).join('\n'), notes };
}

/** Read a fixture file (see the module's comment for its form). */
export function loadRawResponse(path: string): RawResponse {
  return parseRawResponse(readFileSync(path, 'utf8'), path);
}

export type ReplayOptions = Pick<RawStep, 'delayMs' | 'eventDelayMs' | 'cutAfterEvents'>;

/** A step that answers with a fixture file (a path) or a response, exactly: `replay('fixtures/deepseek-tool-call.http')`. */
export function replay(fixture: string | RawResponse, options: ReplayOptions = {}): RawStep {
  return { kind: 'raw', response: typeof fixture === 'string' ? loadRawResponse(fixture) : fixture, ...options };
}

/** The body in the pieces it is sent in: one SSE event (through its blank line) each. */
export function rawPieces(body: string): string[] {
  const pieces = body.match(/[\s\S]*?(?:\r?\n\r?\n|$)/g)?.filter((p) => p !== '') ?? [];
  return pieces.length ? pieces : [body];
}
