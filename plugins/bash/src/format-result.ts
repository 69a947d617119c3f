/**
 * The text the model gets from bash: the exit status (or the signal, or how
 * lug killed it and after how long), a line saying what was cut if anything
 * was, then stdout, then stderr. Each stream keeps its end (the last lines
 * are where errors and summaries are), and the budget is shared so that a
 * flood on one stream does not push the other's last lines out.
 */
import { countLines, cutKeepingEnd, formatCount, type CommandDetails, type ProcessResult } from '@lug/tools';

const bytes = formatCount;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function statusLine(r: ProcessResult, timeoutSecs: number): string {
  const after = seconds(r.killedAfterMs ?? r.durationMs);
  if (r.timedOut) {
    return `killed after ${after}: the command did not finish within timeout_secs (${timeoutSecs} s), so its whole process group was killed (SIGTERM, then SIGKILL)`;
  }
  if (r.cancelled) return `killed after ${after}: cancelled by the user; its whole process group was killed`;
  if (r.signal) return `killed by signal ${r.signal}`;
  return `exit status ${r.code}`;
}

/** Split `available` bytes between the two streams: each gets what it needs, up to half, and the rest goes to the other. */
export function shareBudget(outBytes: number, errBytes: number, available: number): [number, number] {
  if (outBytes + errBytes <= available) return [outBytes, errBytes];
  const half = Math.floor(available / 2);
  if (errBytes <= half) return [available - errBytes, errBytes];
  if (outBytes <= half) return [outBytes, available - outBytes];
  return [half, available - half];
}

function section(label: string, text: string): string {
  return `${label}:\n${text.endsWith('\n') ? text.slice(0, -1) : text}`;
}

/** The result text, at most `maxBytes` bytes. */
export function formatBashResult(r: ProcessResult, timeoutSecs: number, maxBytes: number): string {
  return bashOutput(r, timeoutSecs, maxBytes).content;
}

/** The result text and, for interfaces, what happened: exit status or signal, and how many lines of each stream the text shows. */
export function bashOutput(r: ProcessResult, timeoutSecs: number, maxBytes: number): { content: string; details: CommandDetails } {
  const status = statusLine(r, timeoutSecs);
  // Reserve room for the labels and the longest possible cut line.
  const cutLineRoom = 160;
  const available = Math.max(0, maxBytes - Buffer.byteLength(status) - cutLineRoom - 20);
  const [outShare, errShare] = shareBudget(Buffer.byteLength(r.stdout), Buffer.byteLength(r.stderr), available);
  const out = cutKeepingEnd(r.stdout, outShare);
  const err = cutKeepingEnd(r.stderr, errShare);
  const outCut = r.stdoutCutBytes + out.cutBytes;
  const errCut = r.stderrCutBytes + err.cutBytes;
  const parts = [status];
  if (outCut > 0 || errCut > 0) {
    parts.push(
      `[output cut: the first ${bytes(outCut)} bytes of stdout and ${bytes(errCut)} bytes of stderr are not shown; each stream keeps its end]`,
    );
  }
  if (out.text) parts.push(section('stdout', out.text));
  if (err.text) parts.push(section('stderr', err.text));
  if (!out.text && !err.text) parts.push('(no output)');
  // What the sandbox refused, last, so the model reads it after the error it explains.
  for (const note of r.sandbox?.blocked ?? []) parts.push(note);
  const details: CommandDetails = {
    kind: 'command',
    exitCode: r.signal ? null : r.code,
    signal: r.signal ?? null,
    timedOut: r.timedOut,
    cancelled: r.cancelled,
    stdoutLines: countLines(out.text),
    stderrLines: countLines(err.text),
  };
  return { content: parts.join('\n'), details };
}
