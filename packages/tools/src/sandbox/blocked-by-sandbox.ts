/**
 * What the sandbox refused a command, in words the model can act on, said
 * only where lug can tell it was the sandbox's doing:
 *
 * - A write: the error line (EROFS, "Read-only file system", from bwrap's
 *   read-only mounts; EPERM from Seatbelt) is the only signal that a write
 *   was refused, so that much is read from the text; the path the line names
 *   is then checked against the policy. Inside a protected path (.git, lug's
 *   configuration): that note. Outside the writable places: "write outside
 *   the project". Inside a writable place: not the sandbox's (a file system
 *   the host mounted read-only), no note. A line that names no path keeps
 *   the note of its kind, from the text alone. A user's read-only file
 *   (EACCES, "Permission denied") is never one.
 * - The network, when it is off: with bwrap the namespace's own counters
 *   (network-counters.ts) say whether the command tried it at all. A packet
 *   with no route went to another machine: only the sandbox stopped it. A
 *   refused connection on loopback was the sandbox's when a server of the
 *   host listens on the port the output names (host-listeners.ts), and not
 *   when nothing listens there (unsandboxed it would fail too); naming no
 *   port, the note says it may have been. With the network on, or counters
 *   that show no attempt, there is no network note, whatever the output
 *   says. Seatbelt has no counters: there the text is the signal.
 *
 * A note is beside the result, never a change of it.
 */
import { hostListeningPorts } from './host-listeners.js';
import type { NetworkCounters } from './network-counters.js';
import { placeOf, type SandboxPolicy } from './sandbox-policy.js';
import { refusedPaths } from './write-refusal-paths.js';

const WRITE_REFUSED_LINUX = /read-only file system|\bEROFS\b/i;
const WRITE_REFUSED_MACOS = /operation not permitted|\bEPERM\b/i;
const NETWORK_REFUSED =
  /network is unreachable|connection refused|could not resolve|temporary failure in name resolution|name or service not known|no address associated|\bENETUNREACH\b|\bECONNREFUSED\b|\bEAI_AGAIN\b|\bENOTFOUND\b|failed to connect|couldn't connect/i;
/** A loopback port in a message: 127.0.0.1:8080, localhost port 8080, /dev/tcp/127.0.0.1/8080, [::1]:8080. */
const LOOPBACK_PORT = /(?:127\.\d+\.\d+\.\d+|localhost|\[?::1\]?)(?::|\/|\s+port\s+)(\d{1,5})\b/gi;

const ASK_NETWORK = 'ask the user to allow it (lug.opt.sandbox_network = true) or to run the command themselves';

export interface RefusalEvidence {
  /** The kept ends of the command's output. */
  output: string;
  /** Where the command ran (relative paths in its messages are from there). */
  cwd: string;
  /** The network counters of the call's own namespace (bwrap, network off); null where there are none. */
  network: NetworkCounters | null;
  /** Ports listening on the host; default: read from /proc when needed. */
  hostPorts?: () => Set<number>;
}

/** Notes for the result ("blocked by the sandbox: …"), none when lug cannot tell the sandbox refused anything. */
export function sandboxRefusals(policy: SandboxPolicy, evidence: RefusalEvidence, platform: NodeJS.Platform = process.platform): string[] {
  const writes = new Set<string>();
  const writeRefused = platform === 'darwin' ? WRITE_REFUSED_MACOS : WRITE_REFUSED_LINUX;
  for (const line of evidence.output.split('\n')) {
    if (!writeRefused.test(line)) continue;
    const note = writeNote(policy, line, evidence.cwd);
    if (note) writes.add(note);
  }
  const network = policy.network ? null : networkNote(evidence);
  return network ? [...writes, network] : [...writes];
}

function writeNote(policy: SandboxPolicy, line: string, cwd: string): string | null {
  const places = refusedPaths(line, cwd).map((path) => placeOf(policy, path));
  const guarded = places.find((p) => p.guarded)?.guarded;
  // Without a path, only the text says where: .git when it names one.
  const named = places.length ? guarded : policy.protected.find((p) => line.includes(p.path) || (p.what.includes('.git') && /(^|[\s'"`/])\.git(\/|\b)/.test(line)));
  if (named) return `blocked by the sandbox: ${named.what} (${named.path}) is read-only in the sandbox; ask the user to make that change`;
  if (policy.mode === 'read-only') return 'blocked by the sandbox: read-only mode allows no writes at all; ask the user to change lug.opt.sandbox, or to run the command themselves';
  // Every path it names is a place the sandbox lets it write: the refusal was not the sandbox's.
  if (places.length && places.every((p) => p.writable)) return null;
  const where = [policy.projectRoot, policy.tempDir].filter(Boolean).join(' and the temporary directory ');
  return `blocked by the sandbox: write outside the project (workspace mode writes only inside ${where}, which is $TMPDIR); ask the user to run it, or to change lug.opt.sandbox`;
}

function networkNote(evidence: RefusalEvidence): string | null {
  const counters = evidence.network;
  if (!counters) return NETWORK_REFUSED.test(evidence.output) ? `blocked by the sandbox: network is off in the sandbox (connections fail, to local servers too); ${ASK_NETWORK}` : null;
  if (counters.noRoute > 0) return `blocked by the sandbox: network is off in the sandbox (the command tried to reach another machine, and the sandbox has no network); ${ASK_NETWORK}`;
  if (counters.refused === 0) return null;
  const ports = [...new Set([...evidence.output.matchAll(LOOPBACK_PORT)].map((m) => Number(m[1])))];
  if (ports.length === 0) {
    return `the sandbox may have blocked this: a connection on this machine was refused, and the sandbox's network is its own, so servers running outside the call cannot be reached; if it meant one of those, ${ASK_NETWORK}`;
  }
  const listening = (evidence.hostPorts ?? hostListeningPorts)();
  const hidden = ports.filter((p) => listening.has(p));
  if (hidden.length === 0) return null; // nothing listens there outside the sandbox either: refused unsandboxed too
  return `blocked by the sandbox: network is off in the sandbox (a server of this machine listens on port ${hidden.join(', ')}, which the sandbox's own network does not have); ${ASK_NETWORK}`;
}
