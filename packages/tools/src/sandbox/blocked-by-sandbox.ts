/**
 * What a sandboxed command's output says the sandbox refused, in words the
 * model can act on: a write outside the allowed places (EROFS from bwrap's
 * read-only mounts, EPERM from Seatbelt), a protected path (.git, lug's
 * configuration), a connection with the network off. Read from the ends of
 * stdout and stderr that the runner keeps; a guess from messages, so it only
 * adds a note and never changes the result itself.
 */
import type { SandboxPolicy } from './sandbox-policy.js';

const WRITE_REFUSED_LINUX = /read-only file system|\bEROFS\b/i;
const WRITE_REFUSED_MACOS = /operation not permitted|\bEPERM\b/i;
const NETWORK_REFUSED =
  /network is unreachable|connection refused|could not resolve|temporary failure in name resolution|name or service not known|no address associated|\bENETUNREACH\b|\bECONNREFUSED\b|\bEAI_AGAIN\b|\bENOTFOUND\b|failed to connect|couldn't connect/i;

/** Notes for the result ("blocked by the sandbox: …"), none when the output shows no refusal. */
export function sandboxRefusals(policy: SandboxPolicy, output: string, platform: NodeJS.Platform = process.platform): string[] {
  const notes: string[] = [];
  const writeRefused = platform === 'darwin' ? WRITE_REFUSED_MACOS : WRITE_REFUSED_LINUX;
  if (writeRefused.test(output)) notes.push(writeNote(policy, output));
  if (!policy.network && NETWORK_REFUSED.test(output)) {
    notes.push('blocked by the sandbox: network is off in the sandbox (connections fail, to local servers too); ask the user to allow it (lug.opt.sandbox_network = true) or to run the command themselves');
  }
  return notes;
}

function writeNote(policy: SandboxPolicy, output: string): string {
  const hit = policy.protected.find((p) => output.includes(p.path) || (p.what.includes('.git') && /(^|[\s'"`/])\.git(\/|\b)/.test(output)));
  if (hit) return `blocked by the sandbox: ${hit.what} (${hit.path}) is read-only in the sandbox; ask the user to make that change`;
  if (policy.mode === 'read-only') return 'blocked by the sandbox: read-only mode allows no writes at all; ask the user to change lug.opt.sandbox, or to run the command themselves';
  const where = [policy.projectRoot, policy.tempDir].filter(Boolean).join(' and the temporary directory ');
  return `blocked by the sandbox: write outside the project (workspace mode writes only inside ${where}, which is $TMPDIR); ask the user to run it, or to change lug.opt.sandbox`;
}
