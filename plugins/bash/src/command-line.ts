/**
 * What the system refuses in a command line, said in words the model can act
 * on. bash gets the line as one argument of execve: node refuses a NUL byte in
 * it with a TypeError naming its internal argument list, and the kernel refuses
 * a long one (Linux: 131,072 bytes in one argument) with E2BIG, which the runner passes on as its code.
 */
import { formatCount, MAX_ARGUMENT_BYTES, tooLongToStart, ToolError } from '@lug/tools';

/** A line bash cannot be given at all: refused before anything starts. */
export function checkCommandLine(command: string): void {
  const nul = command.indexOf('\0');
  if (nul !== -1) {
    throw new ToolError(
      `command holds a NUL byte (at character ${formatCount(nul + 1)}), which no program can receive in its command line; nothing was run. ` +
        `To produce the byte, write it as an escape the command expands, e.g. printf '\\0'.`,
    );
  }
}

/** The error for a line the system would not start bash with (E2BIG), or undefined for any other failure. */
export function commandTooLong(err: unknown, command: string): ToolError | undefined {
  if (!tooLongToStart(err)) return undefined;
  return new ToolError(
    `command is ${formatCount(Buffer.byteLength(command))} bytes, too long for the system to start bash with it (E2BIG; Linux takes at most ${formatCount(MAX_ARGUMENT_BYTES)} bytes in one argument, and the command line is one); nothing was run. ` +
      'Put long text or a long script in a file with the write tool, then run the file (bash script.sh) or have the command read it.',
  );
}
