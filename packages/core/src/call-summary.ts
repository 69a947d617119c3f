/**
 * A result in one line, for the interface's tool lines and the headless
 * printer: a failure says why (its first line), a success what came back,
 * read off the result's `details` when the tool gave them (a command's exit
 * status and line count, a file change's added and removed lines...), else
 * how many lines the text has. Nothing here knows a tool by its name.
 */
import type { ToolDetails } from './tool-details.js';

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** What a denied call's result starts with, before the reason (the scheduler's `denied: …`). */
export const DENIED_PREFIX = 'denied: ';

/**
 * A denial in a few words, from its reason or its result: "denied: why", or
 * the reason alone when it already says so ("denied by the user"), never
 * "denied: denied: …".
 */
export function denialText(reasonOrResult: string | undefined): string {
  let reason = failureSummary(reasonOrResult ?? '');
  while (reason.startsWith(DENIED_PREFIX)) reason = reason.slice(DENIED_PREFIX.length).trimStart();
  if (!reason) return 'denied';
  return /^denied\b/i.test(reason) ? reason : `${DENIED_PREFIX}${reason}`;
}

/** The first line of a failure's text, cut at 200 characters. */
export function failureSummary(content: string): string {
  const first = content.trim().split('\n')[0] ?? '';
  return first.length > 200 ? `${first.slice(0, 199)}…` : first;
}

function commandSummary(d: Extract<ToolDetails, { kind: 'command' }>): string {
  const status = d.timedOut ? 'timed out' : d.cancelled ? 'cancelled' : d.exitCode !== null ? `exit ${d.exitCode}` : d.signal ? `killed by ${d.signal}` : 'no exit status';
  const printed = d.stdoutLines + d.stderrLines;
  return printed ? `${status} · ${plural(printed, 'line')}` : status;
}

/** What a result's details say, in a few words. */
export function detailsSummary(d: ToolDetails): string {
  switch (d.kind) {
    case 'command':
      return commandSummary(d);
    case 'file_change':
      return d.created ? `created · ${plural(d.linesAdded, 'line')}` : `+${d.linesAdded} −${d.linesRemoved}`;
    case 'file_read':
      return d.linesShown === d.totalLines ? plural(d.totalLines, 'line') : `${d.linesShown} of ${plural(d.totalLines, 'line')}`;
    case 'search':
      if (d.matches === 0) return 'no matches';
      return `${plural(d.matches, 'match', 'matches')}${d.cut ? '+' : ''} in ${plural(d.files, 'file')}`;
    case 'listing':
      return d.shown === d.entries ? plural(d.entries, 'entry', 'entries') : `${d.shown} of ${plural(d.entries, 'entry', 'entries')}`;
  }
}

function countLines(text: string): number {
  return text ? text.split('\n').length - (text.endsWith('\n') ? 1 : 0) : 0;
}

/** A successful result in one line: from its details, else its line count. */
export function resultSummary(content: string, details?: ToolDetails): string {
  if (details) return detailsSummary(details);
  const lines = countLines(content);
  return lines === 0 ? 'no output' : plural(lines, 'line');
}
