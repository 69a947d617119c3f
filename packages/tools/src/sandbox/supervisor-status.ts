/**
 * The runner's side of the sandbox: the supervisor's status line on fd 3,
 * bwrap's own failure to start, and what the sandbox refused, for the result.
 */
import type { Readable } from 'node:stream';
import { sandboxRefusals } from './blocked-by-sandbox.js';
import { SandboxError } from './sandbox-launcher.js';
import type { SandboxPolicy } from './sandbox-policy.js';

/**
 * Calls `onStatus` once with the command's exit status from the supervisor's
 * first line on `stream` (null when the line is not a number).
 */
export function readSupervisorStatus(stream: Readable, onStatus: (code: number | null) => void): void {
  let line = '';
  let done = false;
  stream.setEncoding('utf8');
  stream.on('error', () => undefined);
  stream.on('data', (chunk: string) => {
    line += chunk;
    const end = line.indexOf('\n');
    if (end < 0 || done) return;
    done = true;
    const code = Number.parseInt(line.slice(0, end), 10);
    onStatus(Number.isInteger(code) ? code : null);
  });
}

/** bwrap exited without starting the command (a mount it could not make, a namespace refused): the error, from its stderr. */
export function sandboxStartFailure(stderr: string): SandboxError | undefined {
  const said = stderr.trim().split('\n').find((l) => l.startsWith('bwrap: '));
  return said ? new SandboxError(`the sandbox could not start the command: ${said}`) : undefined;
}

/** The result's `sandbox` field: stderr always read, stdout too when the command failed (a stdout that merely mentions "connection refused" is no refusal). */
export function sandboxReport(policy: SandboxPolicy, exitCode: number | null | undefined, stdout: string, stderr: string) {
  const output = exitCode === 0 ? stderr : `${stdout}\n${stderr}`;
  return { mode: policy.mode, blocked: sandboxRefusals(policy, output) };
}
