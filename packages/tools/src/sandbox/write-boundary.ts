/**
 * The sandbox's write boundary, kept in-process by the file tools (write,
 * edit) that change files without starting a process: the same places a
 * sandboxed process may write, checked on the path with every symlink
 * followed (a link inside the project pointing out of it is outside).
 */
import { resolveRealPath } from '@lug/core';
import { ToolError } from '@lug/core';
import { placeOf, type SandboxPolicy } from './sandbox-policy.js';

/** Why the sandbox refuses a write to `path`, or null when it allows it. */
export function writeRefusal(policy: SandboxPolicy | null, cwd: string, path: string): string | null {
  if (!policy) return null;
  const real = resolveRealPath(cwd, path);
  if (policy.mode === 'read-only') return `blocked by the sandbox: read-only mode allows no writes (${real}); ask the user to change lug.opt.sandbox`;
  const { guarded, writable } = placeOf(policy, real);
  if (guarded) return `blocked by the sandbox: ${guarded.what} (${guarded.path}) is read-only in the sandbox, and ${real} is inside it; ask the user to make that change`;
  if (writable) return null;
  return `blocked by the sandbox: write outside the project (${real}; workspace mode writes only inside ${policy.projectRoot}); ask the user to make that change, or to change lug.opt.sandbox`;
}

/** Throw the refusal as a ToolError (the model reads its message). */
export function checkWriteBoundary(policy: SandboxPolicy | null, cwd: string, path: string): void {
  const refusal = writeRefusal(policy, cwd, path);
  if (refusal) throw new ToolError(refusal);
}
