/**
 * Turning the scanned lines into read's output: an optional note about CRLF
 * first, then numbered lines, cut on whole lines so that the output fits the
 * byte budget, then (when lines remain) a last line that gives the offset to
 * read on from.
 */
import { formatCount, numberLine } from '@lug/tools';

export interface WindowRequest {
  shownPath: string;
  offset: number;
  /** The limit in force, and whether the model gave it or it is the default. */
  limit: number;
  limitIsDefault: boolean;
  totalLines: number;
  /** Lines from `offset` on, already cut to the longest line. */
  lines: readonly string[];
  /** A sentence to show first (the CRLF note), if any. */
  note?: string;
  maxBytes: number;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function outputCutLine(maxBytes: number, first: number, last: number, total: number): string {
  return `[output cut at ${formatCount(maxBytes)} bytes: showing lines ${first}-${last} of ${total}; to read on, call read with offset=${last + 1}]`;
}

function limitLine(request: WindowRequest, last: number): string {
  const shown = `showing lines ${request.offset}-${last} of ${request.totalLines}`;
  return request.limitIsDefault
    ? `[${shown}: the default limit of ${request.limit} lines cut the file; to read on, call read with offset=${last + 1}]`
    : `[${shown}; to read on, call read with offset=${last + 1}]`;
}

/** The text, and how many of the file's lines it shows (a line cut to fit counts as shown). */
export interface Window {
  text: string;
  linesShown: number;
}

export function formatWindow(request: WindowRequest): Window {
  const { offset, totalLines, maxBytes } = request;
  const wanted = Math.min(request.lines.length, request.limit, totalLines - offset + 1);
  const head = request.note ? [request.note] : [];
  // Room for the longest last line we might add: the numbers in it are at most totalLines + 1.
  const reserve = Math.max(bytes(outputCutLine(maxBytes, totalLines, totalLines, totalLines)), bytes(limitLine(request, totalLines))) + 1;
  let used = head.reduce((sum, line) => sum + bytes(line) + 1, 0);
  const body: string[] = [];
  for (let i = 0; i < wanted; i++) {
    const line = numberLine(offset + i, request.lines[i]!);
    const cost = bytes(line) + 1;
    if (used + cost + reserve > maxBytes) break;
    body.push(line);
    used += cost;
  }
  const last = offset + body.length - 1;
  const window = (lines: string[]): Window => ({ text: lines.join('\n'), linesShown: body.length });
  if (body.length < wanted) {
    if (body.length === 0) return { text: firstLineOnly(request, head, reserve), linesShown: 1 };
    return window([...head, ...body, outputCutLine(maxBytes, offset, last, totalLines)]);
  }
  if (last < totalLines) return window([...head, ...body, limitLine(request, last)]);
  return window([...head, ...body]);
}

/**
 * Only reachable when a single numbered line exceeds the budget (a limit set
 * far above the page's): show as much of it as fits, cut at a character.
 */
function firstLineOnly(request: WindowRequest, head: string[], reserve: number): string {
  const line = numberLine(request.offset, request.lines[0]!);
  const room = Math.max(0, request.maxBytes - reserve - head.reduce((sum, h) => sum + bytes(h) + 1, 0) - 1);
  let cut = '';
  let size = 0;
  for (const ch of line) {
    size += bytes(ch);
    if (size > room) break;
    cut += ch;
  }
  return [...head, cut, outputCutLine(request.maxBytes, request.offset, request.offset, request.totalLines)].join('\n');
}
