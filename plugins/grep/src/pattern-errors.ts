/**
 * What is wrong with a search ripgrep refuses, said in words the model can
 * act on. Some refusals come before ripgrep runs: node refuses a NUL byte in
 * an argument with a TypeError naming its internal argument list, and the
 * kernel refuses a long argument (Linux: 131,072 bytes) with a bare
 * E2BIG (the runner's code for it). The rest is ripgrep's own message, quoted.
 */
import { formatCount, MAX_ARGUMENT_BYTES, tooLongToStart, ToolError } from '@lug/tools';

/** A pattern that cannot reach ripgrep at all: refused before anything starts. */
export function checkPattern(pattern: string): void {
  const nul = pattern.indexOf('\0');
  if (nul === -1) return;
  throw new ToolError(
    `pattern holds a NUL byte (at character ${formatCount(nul + 1)}), which no program can receive in its command line; nothing was searched. ` +
      'Write it as the escape \\x00 (files holding a NUL are binary, though, and grep skips them).',
  );
}

/** The error for arguments the system would not start ripgrep with (E2BIG), or undefined for any other failure. */
export function argumentsTooLong(err: unknown, pattern: string, glob: string | undefined): ToolError | undefined {
  if (!tooLongToStart(err)) return undefined;
  const sizes = `the pattern is ${formatCount(Buffer.byteLength(pattern))} bytes${glob === undefined ? '' : `, the glob ${formatCount(Buffer.byteLength(glob))}`}`;
  return new ToolError(
    `the search is too long for the system to start ripgrep with it (E2BIG: ${sizes}; Linux takes at most ${formatCount(MAX_ARGUMENT_BYTES)} bytes in one argument); nothing was searched. ` +
      'Use a shorter pattern or glob, or several shorter searches.',
  );
}

/**
 * Whether everything ripgrep wrote is about files it could not read (`rg: PATH: Permission denied (os error 13)`):
 * the search itself ran, and no match is the answer, with the note, not a failure.
 */
export function onlyUnreadableFiles(stderr: string): boolean {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => /^rg: .+: .+ \(os error \d+\)$/.test(l));
}

/** ripgrep ended with an error and no match: a pattern it refused, quoted, or its message. */
export function ripgrepError(pattern: string, stderr: string): ToolError {
  const message = stderr.trim().replace(/^rg: /, '');
  if (/exceeds size limit/i.test(message)) {
    return new ToolError(
      `invalid pattern /${pattern}/: it is too large once compiled (repetitions multiply: (x{1000}){1000} is a million copies of x). ` +
        `Use smaller repetition counts, or several simpler searches. ripgrep says:\n${message}`,
    );
  }
  if (/regex parse error|error parsing|regex could not be compiled|literal "\\n" is not allowed/i.test(message)) {
    return new ToolError(`invalid pattern /${pattern}/ (patterns use Rust regex syntax). ripgrep says:\n${message}`);
  }
  return new ToolError(`grep failed: ripgrep says:\n${message}`);
}
