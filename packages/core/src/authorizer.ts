/**
 * The guard in front of every tool call: an Authorizer answers whether a call
 * may run. A host is made with one (`createHost({ authorize })`) and keeps it;
 * the scheduler asks it before every call and runs nothing it did not allow,
 * also when there is no authorizer or its answer is not a decision.
 */
import type { CallDescription } from './tool-description.js';
import type { CallInfo } from './events.js';
import type { LugHost } from './host.js';

/** A call ready to be authorised: its tool exists, its arguments are valid, and it is described. */
export interface AuthorizeRequest extends CallInfo {
  args: Record<string, unknown>;
  description: CallDescription;
  cwd: string;
}

/**
 * Why the rules refuse reading a file (relative to the call's `cwd` or absolute; symlinks followed), or undefined:
 * see ToolContext.refusedRead.
 */
export type RefusedRead = (path: string) => string | undefined;

export type AuthorizeDecision =
  | { allow: true; by: string; reason?: string; refusedRead?: RefusedRead }
  | { allow: false; by: string; reason: string };

export type Authorizer = (call: AuthorizeRequest, signal: AbortSignal) => Promise<AuthorizeDecision>;

/**
 * Makes the host's authorizer from the host being made (approvals read its
 * options, tools and ui): `createHost({ authorize: authorizerFactory(host => …) })`.
 * An object, not a bare function, so it cannot be mistaken for an Authorizer.
 */
export interface AuthorizerFactory {
  forHost(host: LugHost): Authorizer;
}

export function authorizerFactory(forHost: (host: LugHost) => Authorizer): AuthorizerFactory {
  return { forHost };
}

export function isAuthorizerFactory(value: unknown): value is AuthorizerFactory {
  return !!value && typeof value === 'object' && typeof (value as Partial<AuthorizerFactory>).forHost === 'function';
}

/** Every call runs. For tests and examples; lug itself runs with approvals (`createHostWithApprovals`). */
export const allowAll: Authorizer = async () => ({ allow: true, by: 'allow-all' });

export const NO_AUTHORIZER =
  'no authorizer guards this host, so no tool runs (a host is made with createHost({ authorize }): approvals, or allowAll in tests)';

function describeAnswer(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Ask `authorize` about `call`, failing closed: no authorizer, or an answer
 * that is not `{ allow: true|false, by, reason? }`, is a refusal that says why.
 * An authorizer that throws rejects (the scheduler reports it; the call does not run).
 */
export async function askAuthorizer(authorize: Authorizer | undefined, call: AuthorizeRequest, signal: AbortSignal): Promise<AuthorizeDecision> {
  if (typeof authorize !== 'function') return { allow: false, by: 'no-authorizer', reason: NO_AUTHORIZER };
  const answer: unknown = await authorize(call, signal);
  if (answer && typeof answer === 'object') {
    const { allow, by, reason } = answer as Record<string, unknown>;
    const byText = typeof by === 'string' && by ? by : 'the authorizer';
    if (allow === true) {
      const { refusedRead } = answer as { refusedRead?: unknown };
      return {
        allow: true,
        by: byText,
        ...(typeof reason === 'string' ? { reason } : {}),
        ...(typeof refusedRead === 'function' ? { refusedRead: refusedRead as RefusedRead } : {}),
      };
    }
    if (allow === false) return { allow: false, by: byText, reason: typeof reason === 'string' && reason ? reason : `refused by ${byText}` };
  }
  return {
    allow: false,
    by: 'the authorizer',
    reason: `the authorizer answered ${describeAnswer(answer)}, which is not a decision ({ allow: true | false, by, reason }), so the call does not run`,
  };
}
