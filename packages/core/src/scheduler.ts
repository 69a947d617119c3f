/**
 * Runs the tool calls of one assistant message: all at once, at most
 * `concurrency` running at a time (a call waiting for approval holds no slot),
 * results handed back in the order the model made the calls. Every call gets a
 * result — also when it is unknown, invalid, denied or cancelled — so the
 * conversation stays valid for the provider and for --continue.
 */
import { ABORTED, abortable } from './abortable.js';
import { SignalFanOut } from './child-signals.js';
import { ArgumentError, parseArgs } from './json-schema.js';
import type { CallInfo, CallOutcome, EventBus } from './events.js';
import { askAuthorizer, type Authorizer } from './authorizer.js';
import { DENIED_PREFIX } from './call-summary.js';
import type { Limits } from './limits.js';
import type { ToolCallPart, ToolResultPart } from './messages.js';
import { truncateOutput } from './output-limit.js';
import type { PathLocks } from './path-lock.js';
import { Semaphore } from './semaphore.js';
import type { EditorFiles } from './editor-files.js';
import { ToolError, type Tool, type ToolContext, type ToolOutput } from './tool.js';
import { DescriptionError, describeCall } from './tool-description.js';
import { checkDetails, type ToolDetails } from './tool-details.js';
import type { ToolRegistry } from './tool-registry.js';
import type { HookRegistry } from './hooks.js';
import type { LugHost } from './host.js';
import { rewriteToolResult, type HookDenials } from './call-hooks.js';

export const CANCELLED = 'cancelled by the user';

export interface SchedulerDeps {
  tools: ToolRegistry;
  events: EventBus;
  locks: PathLocks;
  limits: Limits;
  cwd: string;
  concurrency: number;
  /** The host's guard. Missing, or answering nonsense, no call runs (askAuthorizer). */
  authorize: Authorizer | undefined;
  /** The editor's view of files, handed to each call's context (`ToolContext.files`). */
  files?: EditorFiles;
  /** The host's hook points: tool_result runs on every result (tool_call runs before, in rewriteToolCalls). */
  hooks?: HookRegistry;
}

/**
 * A host's scheduler: its tools, events, guard, locks, limits, files and
 * hooks, tool_concurrency as it is now. `own` replaces the first three for a
 * conversation that is not the host's own (a subagent's tool view, event bus
 * and labelled guard).
 */
export function hostSchedulerDeps(host: LugHost, own: Partial<Pick<SchedulerDeps, 'tools' | 'events' | 'authorize'>> = {}): SchedulerDeps {
  return {
    tools: host.tools,
    events: host.events,
    locks: host.locks,
    limits: host.limits,
    cwd: host.cwd,
    concurrency: host.options.get<number>('tool_concurrency'),
    authorize: host.authorize,
    files: host.files,
    hooks: host.hooks,
    ...own,
  };
}

interface Outcome {
  content: string;
  isError: boolean;
  outcome: CallOutcome;
  details?: ToolDetails;
}

class Cancelled extends Error {}

/** Resolves with `work`, or rejects with Cancelled as soon as `signal` aborts. */
async function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const result = await abortable(work, signal);
  if (result === ABORTED) throw new Cancelled();
  return result;
}

export interface NormalizedOutput {
  content: string;
  isError: boolean;
  details?: ToolDetails;
  /** Why the handler's details were dropped, when they were not well-formed. */
  detailsProblem?: string;
}

/** A handler's return value as the text the model receives, its error flag and its checked details. */
export function normalizeToolOutput(out: ToolOutput): NormalizedOutput {
  if (typeof out === 'string') return { content: out, isError: false };
  if (out && typeof out === 'object' && typeof out.content === 'string') {
    const normalized: NormalizedOutput = { content: out.content, isError: !!out.isError };
    if (out.details !== undefined) {
      const checked = checkDetails(out.details);
      if ('details' in checked) normalized.details = checked.details;
      else normalized.detailsProblem = checked.problem;
    }
    return normalized;
  }
  return { content: JSON.stringify(out) ?? String(out), isError: false };
}

/** The text sent for a thrown error: a ToolError's (or ArgumentError's) message as is, else the error's name and message. */
export function toolErrorText(err: unknown): string {
  // By name too: a plugin may bring its own copy of the core, whose classes differ from ours.
  if (err instanceof ToolError || err instanceof ArgumentError || (err instanceof Error && (err.name === 'ToolError' || err.name === 'ArgumentError'))) {
    return err.message;
  }
  if (err instanceof Error) return `${err.name === 'Error' ? 'error' : err.name}: ${err.message}`;
  return `error: ${String(err)}`;
}

/** Run one call; `info.args` is filled in once the arguments are valid, for the events that follow. */
async function runOne(call: ToolCallPart, info: CallInfo, deps: SchedulerDeps, slots: Semaphore, signal: AbortSignal, denials: HookDenials | undefined): Promise<Outcome> {
  const tool = deps.tools.get(call.name);
  if (!tool) {
    deps.events.emit('tool_call', { call: info });
    return { content: `unknown tool "${call.name}"; the tools are: ${deps.tools.names().join(', ')}`, isError: true, outcome: 'failed' };
  }
  let args: Record<string, unknown>;
  try {
    args = parseArgs(call.argsText, tool.parameters);
  } catch (err) {
    deps.events.emit('tool_call', { call: info });
    return { content: `invalid arguments for ${call.name}: ${toolErrorText(err)}`, isError: true, outcome: 'failed' };
  }
  info.args = args;
  let description;
  try {
    description = describeCall(tool, args, call.argsText, deps.cwd);
  } catch (err) {
    deps.events.emit('tool_call', { call: info });
    // Fail closed: a call nobody can say the paths of does not run.
    return { content: `the ${call.name} tool could not describe this call, so it was not run: ${err instanceof DescriptionError ? err.message : toolErrorText(err)}`, isError: true, outcome: 'failed' };
  }
  info.description = description;
  deps.events.emit('tool_call', { call: info });
  if (signal.aborted) return cancelled();
  const hookDenial = denials?.get(call.id);
  if (hookDenial !== undefined) return { content: `${DENIED_PREFIX}${hookDenial}`, isError: true, outcome: 'denied' };
  const decision = await raceAbort(askAuthorizer(deps.authorize, { ...info, args, description, cwd: deps.cwd }, signal), signal);
  if (!decision.allow) return { content: `${DENIED_PREFIX}${decision.reason}`, isError: true, outcome: 'denied' };
  const release = await slots.acquire(signal);
  try {
    deps.events.emit('tool_start', { call: info });
    const ctx: ToolContext = {
      cwd: deps.cwd,
      signal,
      limits: deps.limits,
      callId: call.id,
      description,
      lock: (path) => deps.locks.acquire(path),
      emit: (progress) => deps.events.emit('tool_progress', { call: info, progress }),
      ...(deps.files ? { files: deps.files } : {}),
      ...(decision.refusedRead ? { refusedRead: decision.refusedRead } : {}),
    };
    const out = normalizeToolOutput(await raceAbort(Promise.resolve().then(() => tool.handler(args, ctx)), signal));
    if (out.detailsProblem) {
      deps.events.emit('notify', { message: `the ${call.name} tool returned details that are not well-formed, so they were dropped: ${out.detailsProblem}`, level: 'warn' });
    }
    return { content: out.content, isError: out.isError, outcome: out.isError ? 'failed' : 'done', ...(out.details ? { details: out.details } : {}) };
  } finally {
    release();
  }
}

/** The core's cap on every tool's result, built-in, plugin or Lua. */
function capped(tool: Tool | undefined, content: string, limits: Limits): string {
  return truncateOutput(content, limits.outputBytes, tool?.keep ?? 'start').text;
}

function cancelled(): Outcome {
  return { content: CANCELLED, isError: true, outcome: 'cancelled' };
}

/**
 * Run every call; resolve with one result per call, in call order. `denials`:
 * the calls the tool_call hooks refused (rewriteToolCalls, run before).
 */
export async function runToolCalls(calls: ToolCallPart[], deps: SchedulerDeps, signal: AbortSignal, denials?: HookDenials): Promise<ToolResultPart[]> {
  const slots = new Semaphore(Math.max(1, deps.concurrency));
  // Each call races its own signal, so fifty calls put one listener on the turn's, not fifty.
  const callSignals = new SignalFanOut(signal);
  const outcomes = await Promise.all(
    calls.map(async (call) => {
      const started = Date.now();
      const info: CallInfo = { id: call.id, tool: call.name, args: undefined, argsText: call.argsText };
      const callSignal = callSignals.child();
      let o: Outcome;
      try {
        o = await runOne(call, info, deps, slots, callSignal.signal, denials);
      } catch (err) {
        o = signal.aborted || err instanceof Cancelled ? cancelled() : { content: toolErrorText(err), isError: true, outcome: 'failed' };
      } finally {
        callSignal.dispose();
      }
      o.content = capped(deps.tools.get(call.name), o.content, deps.limits);
      if (deps.hooks?.has('tool_result')) {
        // What the model sees, and the session stores: a hook's text is capped as the tool's is.
        const seen = await rewriteToolResult(deps.hooks, { call: info, content: o.content, isError: o.isError, outcome: o.outcome });
        if (seen.isError !== o.isError && (o.outcome === 'done' || o.outcome === 'failed')) o.outcome = seen.isError ? 'failed' : 'done';
        o.content = capped(deps.tools.get(call.name), seen.content, deps.limits);
        o.isError = seen.isError;
      }
      deps.events.emit('tool_result', {
        call: info,
        content: o.content,
        isError: o.isError,
        outcome: o.outcome,
        durationMs: Date.now() - started,
        ...(o.details ? { details: o.details } : {}),
      });
      return o;
    }),
  ).finally(() => callSignals.dispose());
  return calls.map((call, i) => {
    const o = outcomes[i]!;
    const part: ToolResultPart = { type: 'tool_result', callId: call.id, name: call.name, content: o.content, isError: o.isError };
    if (o.details) part.details = o.details;
    return part;
  });
}
