/**
 * The tool calls as the transcript shows them, as a pure reducer: a call's
 * view and one event of the call give its next view. A call goes waiting →
 * (asking →) waiting → running → done, failed, denied or cancelled; a
 * finished call keeps its state. The one-line summary of a result is read off
 * the result's details (a command's exit status, a file change's lines), never
 * off the tool's name or text.
 */
import type { CallDescription, CallInfo, CallOutcome, LugEvent, ToolDetails, ToolResultPart, ToolCallPart } from '@lug/core';
import type { SubagentLine } from './subagent-views.js';
import { callTitle, CANCELLED, checkDetails, DENIED_PREFIX, failureSummary, resultSummary } from '@lug/core';

export type CallState = 'waiting' | 'asking' | 'running' | 'done' | 'failed' | 'denied' | 'cancelled';

export interface CallView {
  id: string;
  tool: string;
  args: Record<string, unknown> | undefined;
  argsText: string;
  /** What the tool line and the dialog show for the call: its description's title. */
  title: string;
  state: CallState;
  /** When it started running (ms since epoch). */
  startedAt?: number;
  durationMs?: number;
  /** The result sent to the model, once finished. */
  result?: string;
  /** What the tool said about its result, once finished. */
  details?: ToolDetails;
  /** Why it was denied or asked (a rule's reason, the user's message). */
  reason?: string;
  /** The latest progress line a running tool reported. */
  progress?: string;
  /** One line about the result: what its details say, or the first line of an error. */
  summary?: string;
  /** The subagents this call started (the task tool's), each a line under it. */
  subagents?: SubagentLine[];
  /** Whether its subagents' calls are shown (Ctrl-O). */
  expanded?: boolean;
}

export type CallEvent = Extract<LugEvent, { type: 'tool_call' | 'approval_request' | 'approval_decision' | 'tool_start' | 'tool_progress' | 'tool_result' }>;

const TERMINAL: ReadonlySet<CallState> = new Set(['done', 'failed', 'denied', 'cancelled']);

export function isFinishedCall(call: CallView): boolean {
  return TERMINAL.has(call.state);
}

/** A result in one line: failures and denials say why, successes what came back. */
export function summarize(content: string, state: CallState, details?: ToolDetails): string {
  if (state === 'failed' || state === 'denied' || state === 'cancelled') return failureSummary(content);
  return resultSummary(content, details);
}

function stateOf(outcome: CallOutcome, isError: boolean): CallState {
  if (outcome === 'done') return isError ? 'failed' : 'done';
  return outcome;
}

function lastLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  return lines[lines.length - 1] ?? '';
}

/** A stored result's state: its text says whether it was denied or cancelled (the session keeps no outcome). */
function storedState(result: ToolResultPart): CallState {
  if (!result.isError) return 'done';
  if (result.content.startsWith(DENIED_PREFIX)) return 'denied';
  if (result.content === CANCELLED) return 'cancelled';
  return 'failed';
}

/** A call the transcript has not seen yet, waiting. */
export function newCallView(info: CallInfo): CallView {
  return { id: info.id, tool: info.tool, args: info.args, argsText: info.argsText, title: callTitle(info), state: 'waiting' };
}

/** A later event may carry what the first did not (the arguments, once valid; the description). */
function withInfo(view: CallView, info: CallInfo): CallView {
  if (info.description === undefined || info.description.title === view.title) return view;
  return { ...view, args: info.args, title: info.description.title };
}

/** A view changed by a patch, unless it is finished and the patch would change its state. */
function patched(view: CallView, patch: Partial<CallView>): CallView {
  if (isFinishedCall(view) && patch.state && patch.state !== view.state) return view;
  return { ...view, ...patch };
}

/** The next view of a call (always a new object when anything changed, so React sees it). */
export function reduceCall(previous: CallView | undefined, event: CallEvent, now: number): CallView {
  const view = previous ? withInfo(previous, event.call) : newCallView(event.call);
  switch (event.type) {
    case 'tool_call':
      return view;
    case 'approval_request':
      return patched(view, { state: 'asking', reason: event.reason });
    case 'approval_decision':
      return event.decision === 'deny' ? patched(view, { state: 'denied', reason: event.reason }) : patched(view, { state: 'waiting', reason: undefined });
    case 'tool_start':
      return patched(view, { state: 'running', startedAt: now });
    case 'tool_progress':
      return patched(view, { progress: lastLine(event.progress.text) });
    case 'tool_result': {
      // A denial keeps its state: the result only says so again.
      const state = view.state === 'denied' ? 'denied' : stateOf(event.outcome, event.isError);
      // The loop's duration counts the wait for an answer in the dialog; show the time it ran.
      const durationMs = view.startedAt !== undefined ? now - view.startedAt : event.durationMs;
      return {
        ...view,
        state,
        result: event.content,
        details: event.details,
        durationMs,
        progress: undefined,
        summary: summarize(event.content, state, event.details),
      };
    }
  }
}

/** An unfinished call when its turn ends. */
export function cancelCall(view: CallView): CallView {
  return patched(view, { state: 'cancelled' });
}

function parseArgs(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** How a stored call is described again on resume (the core's describeCall, through the host). */
export type CallDescriber = (tool: string, args: Record<string, unknown>, argsText: string) => CallDescription | undefined;

/** A stored call and its result (if it has one), finished, as `:resume` shows it. */
export function storedCallView(part: ToolCallPart, result: ToolResultPart | undefined, describe?: CallDescriber): CallView {
  const args = parseArgs(part.argsText);
  const description = args && describe ? describe(part.name, args, part.argsText) : undefined;
  const state: CallState = result ? storedState(result) : 'cancelled';
  const view: CallView = {
    id: part.id,
    tool: part.name,
    args,
    argsText: part.argsText,
    title: callTitle({ args, argsText: part.argsText, description }),
    state,
    result: result?.content,
  };
  // A session file is read back from disk: details that are not well-formed are left out, not drawn.
  const checked = result?.details !== undefined ? checkDetails(result.details) : undefined;
  const details = checked && 'details' in checked ? checked.details : undefined;
  if (details) view.details = details;
  if (result) view.summary = summarize(result.content, state, details);
  return view;
}
