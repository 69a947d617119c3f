/**
 * Recorded-style HTTP responses kept as files, for replay through the scripted
 * server: notes first (lines starting with `#`: where the shape comes from),
 * then the response as it goes over the wire — the status line, the headers,
 * a blank line and the body, byte for byte.
 *
 *     # From the Messages API streaming guide's example (message_start without usage).
 *     HTTP/1.1 200 OK
 *     content-type: text/event-stream
 *
 *     event: message_start
 *     data: {"type":"message_start",...}
 */
import { readFileSync } from 'node:fs';
import { raw, type RawStep } from './scenario.js';

export interface HttpFixture {
  /** The `#` lines, without the `#`. */
  notes: string[];
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function parseHttpFixture(text: string, where = 'the fixture'): HttpFixture {
  const lines = text.split('\n');
  const notes: string[] = [];
  let i = 0;
  for (; i < lines.length && (lines[i]!.startsWith('#') || lines[i]!.trim() === ''); i++) if (lines[i]!.startsWith('#')) notes.push(lines[i]!.replace(/^#\s?/, ''));
  const statusLine = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(lines[i] ?? '');
  if (!statusLine) throw new Error(`${where}: after the # notes, the first line must be a status line like "HTTP/1.1 200 OK", got ${JSON.stringify(lines[i] ?? '')}`);
  const headers: Record<string, string> = {};
  for (i++; i < lines.length && lines[i] !== ''; i++) {
    const m = /^([^:\s]+):\s*(.*)$/.exec(lines[i]!);
    if (!m) throw new Error(`${where}: line ${i + 1} is not a header ("name: value"): ${JSON.stringify(lines[i])}`);
    headers[m[1]!.toLowerCase()] = m[2]!;
  }
  if (i >= lines.length) throw new Error(`${where}: no blank line ends the headers`);
  return { notes, status: Number(statusLine[1]), headers, body: lines.slice(i + 1).join('\n') };
}

/** A fixture file as a step of the scripted server: the response replayed exactly (an event stream event by event). */
export function httpFixture(path: string, options: { eventDelayMs?: number; delayMs?: number } = {}): RawStep {
  const f = parseHttpFixture(readFileSync(path, 'utf8'), path);
  return raw(f.body, { status: f.status, headers: f.headers, ...options });
}
