/**
 * The runner's side of the sandbox: the supervisor's report on fd 3,
 * bwrap's own failure to start, and what the sandbox refused, for the result.
 */
import os from 'node:os';
import type { Readable } from 'node:stream';
import { parseNetworkCounters, type NetworkCounters } from './network-counters.js';
import { sandboxRefusals } from './blocked-by-sandbox.js';
import { SandboxError } from './sandbox-launcher.js';
import type { SandboxPolicy } from './sandbox-policy.js';

/** How the command ended, as the supervisor saw it, and the network counters of its namespace (null: it had the host's network). */
export interface SupervisorReport {
  code: number | null;
  signal: NodeJS.Signals | null;
  network: NetworkCounters | null;
}

const SIGNAL_NAMES = new Map(Object.entries(os.constants.signals).map(([name, n]) => [n as number, name as NodeJS.Signals]));

/** `exit N`, `signal N` (the real wait status, from perl) or `status N` (a shell's `$?`, which may be 128+N for signal N). */
function parseEnd(line: string): Pick<SupervisorReport, 'code' | 'signal'> {
  const [kind, value] = line.split(' ');
  const n = Number.parseInt(value ?? '', 10);
  if (!Number.isInteger(n)) return { code: null, signal: null };
  if (kind === 'signal') return { code: null, signal: SIGNAL_NAMES.get(n) ?? null };
  return { code: n, signal: null };
}

/**
 * Calls `onReport` once, when the supervisor's report on `stream` is
 * complete (its `end` line; see supervisor.ts for the lines before it).
 */
export function readSupervisorReport(stream: Readable, onReport: (report: SupervisorReport) => void): void {
  let text = '';
  let done = false;
  stream.setEncoding('utf8');
  stream.on('error', () => undefined);
  stream.on('data', (chunk: string) => {
    if (done) return;
    text += chunk;
    const lines = text.split('\n');
    const end = lines.indexOf('end');
    if (end < 0) return;
    done = true;
    onReport({ ...parseEnd(lines[0]!), network: parseNetworkCounters(lines.slice(1, end)) });
  });
}

/** bwrap exited without starting the command (a mount it could not make, a namespace refused): the error, from its stderr. */
export function sandboxStartFailure(stderr: string): SandboxError | undefined {
  const said = stderr.trim().split('\n').find((l) => l.startsWith('bwrap: '));
  return said ? new SandboxError(`the sandbox could not start the command: ${said}`) : undefined;
}

/**
 * The result's `sandbox` field: stderr always read, stdout too when the
 * command failed (a stdout that merely mentions "connection refused" is no
 * refusal); `report` gives the network counters (bwrap; none with Seatbelt).
 */
export function sandboxReport(policy: SandboxPolicy, exitCode: number | null | undefined, stdout: string, stderr: string, cwd: string, report: SupervisorReport | undefined) {
  const output = exitCode === 0 ? stderr : `${stdout}\n${stderr}`;
  return { mode: policy.mode, blocked: sandboxRefusals(policy, { output, cwd, network: report?.network ?? null }) };
}
