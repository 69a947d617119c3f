/**
 * The one typed event stream. The TUI, the headless printer, the session file
 * and Lua hooks are all subscribers.
 */
import type { AssistantMessage, Message, Usage } from './messages.js';
import type { ToolProgress } from './tool.js';
import type { CallDescription } from './tool-description.js';
import type { ToolDetails } from './tool-details.js';
import type { CompactionReason } from './compaction-record.js';
import type { ContextWindowSource } from './context-window.js';
import type { CheckpointInfo } from './checkpoints.js';

/** A tool call as the loop sees it, once the model has finished sending it. */
export interface CallInfo {
  id: string;
  tool: string;
  /** Parsed arguments, or undefined when they were not valid JSON. */
  args: Record<string, unknown> | undefined;
  argsText: string;
  /**
   * What the call is about, computed once by the core when the arguments are
   * valid (the tool's `describe`, or the generic description). Unset for an
   * unknown tool, invalid arguments, or a tool whose `describe` failed.
   */
  description?: CallDescription;
  /** Set when a subagent made the call (its approval is asked with this label). */
  agent?: AgentRef;
}

/** Which subagent an event or a call belongs to (see subagent.ts). */
export interface AgentRef {
  /** Unique within the host: "explore-1". */
  id: string;
  /** The agent's name, as defined ("explore"). */
  name: string;
  /** What the interface and the decision log show: the name, numbered when it runs more than once ("explore #2"). */
  label: string;
  /** The tool call of the parent conversation that started it, when a tool did. */
  parentCallId?: string;
}

export type ApprovalMode = 'off' | 'policy' | 'all';

export type CallOutcome = 'done' | 'failed' | 'denied' | 'cancelled';

/**
 * Why a turn ended. `done`: the model finished. `max_tokens`: its answer was
 * cut by the output cap (lug.opt.max_tokens). `refusal`: it declined.
 * `content_filter`: the server's filter cut the answer. `context_window`: the
 * conversation no longer fits the model. `max_cost`: the session passed
 * lug.opt.max_cost. `max_turns`: the prompt used lug.opt.max_turns requests.
 * `hook`: a before_request hook cancelled the request, with its reason.
 * Every reason but `done` and `cancelled` comes with a `notify` (or, for
 * `error`, an `error` event) saying what happened and what to do.
 */
export type TurnEndReason = 'done' | 'cancelled' | 'error' | 'max_turns' | 'max_tokens' | 'refusal' | 'content_filter' | 'context_window' | 'max_cost' | 'hook';

export interface LugEventMap {
  session_start: { sessionId: string; cwd: string; resumed: boolean };
  turn_start: { prompt: string };
  request_start: { step: number; model: string };
  /**
   * The provider's first word on a request (its answer's first event, or a
   * retry): the request has gone out. Work that can wait for the model
   * (checkpoints, the tools' warm-up) starts here, so it never delays the
   * request itself.
   */
  response_start: { step: number };
  /** A request failed and will be made again after `delayMs`: `attempt` is the one that failed (the first request is 1), so the next is `attempt + 1`. */
  retry: { attempt: number; delayMs: number; error: string };
  text_delta: { text: string };
  /** The model's reasoning as it streams: shown apart from the answer, never part of its text. The kept part is in assistant_message. */
  reasoning_delta: { text: string };
  assistant_message: { message: AssistantMessage };
  tool_call: { call: CallInfo };
  approval_request: { call: CallInfo; reason?: string };
  approval_decision: { call: CallInfo; decision: 'allow' | 'deny'; by: string; reason?: string };
  tool_start: { call: CallInfo };
  tool_progress: { call: CallInfo; progress: ToolProgress };
  tool_result: { call: CallInfo; content: string; isError: boolean; outcome: CallOutcome; durationMs: number; details?: ToolDetails };
  /**
   * One request's tokens, and the session's so far. `cost` is the session's
   * cost in US dollars and `requestCost` this request's; both are absent when
   * no price is known for a model the session used. `agent`: a subagent
   * made the request (its tokens and cost count in the session's).
   */
  usage: { usage: Usage; total: Usage; cost?: number; requestCost?: number; agent?: AgentRef };
  /**
   * How much of the model's window the next request uses: `used` tokens of
   * `window` (`fraction` = used / window). `estimated`: no request has counted
   * it since what is sent changed; `source`: where the window's size comes
   * from ('assumed' when lug does not know the model).
   */
  context: { used: number; window: number; fraction: number; estimated: boolean; source: ContextWindowSource };
  /** A compaction begins: `messages` older messages are to be summarised. */
  compaction_start: { reason: CompactionReason; messages: number; tokens: number; window: number; focus?: string };
  /**
   * A compaction is done: `summary` now stands for `replaced` messages in what
   * is sent (the session file keeps them). `by`: who wrote the summary.
   */
  after_compact: { reason: CompactionReason; summary: string; replaced: number; kept: number; tokensBefore: number; tokensAfter: number; by: 'model' | 'hook'; focus?: string };
  mode_change: { from: ApprovalMode; to: ApprovalMode; auto: boolean };
  option_change: { name: string; value: unknown; previous: unknown };
  turn_end: { reason: TurnEndReason; text: string };
  /**
   * File checkpoints (@lug/checkpoints): `taken` when a turn that changed
   * files ends (the checkpoint lists them), `restored` when files were put
   * back to before the checkpoint's turn (`files`: what was written or deleted).
   */
  checkpoint: { action: 'taken' | 'restored'; checkpoint: CheckpointInfo; files: string[] };
  /** The conversation went back to before its `turn`-th prompt (`:rewind`, `lug rewind`), what came after kept as `branch`; plugins' state is as it was then. */
  rewind: { sessionId: string; turn: number; branch: number };
  /** The steps of the work as they stand, the whole list each time (`host.ui.plan`: the stock todo workflow's list). */
  plan: { entries: PlanEntry[] };
  /** A subagent started: its own conversation, with `tools` only. */
  subagent_start: { agent: AgentRef; prompt: string; tools: string[]; model: string };
  /** An event of a subagent's conversation (its requests, text, tool calls and results), wrapped so it is never taken for the parent's. */
  subagent_event: { agent: AgentRef; event: LugEvent };
  /** A subagent ended; `text` is its final answer, all the parent conversation gets; `messages` is its own conversation (the session file keeps it). */
  subagent_end: { agent: AgentRef; reason: TurnEndReason; text: string; error?: string; usage: Usage; durationMs: number; messages: Message[] };
  error: { message: string };
  notify: { message: string; level: 'info' | 'warn' | 'error' };
}

/** One step of a plan: what to do, how far along it is, and how much it matters (an editor's plan view shows all three). */
export interface PlanEntry {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  priority: 'high' | 'medium' | 'low';
}

export type LugEventType = keyof LugEventMap;

/**
 * One key per event, so the list cannot drift from the map: leaving a name out
 * (or adding one the map lacks) does not compile (events.test.ts proves it).
 */
const EVENT_NAMES: { readonly [K in LugEventType]: true } = {
  session_start: true,
  turn_start: true,
  request_start: true,
  response_start: true,
  retry: true,
  text_delta: true,
  reasoning_delta: true,
  assistant_message: true,
  tool_call: true,
  approval_request: true,
  approval_decision: true,
  tool_start: true,
  tool_progress: true,
  tool_result: true,
  usage: true,
  context: true,
  compaction_start: true,
  after_compact: true,
  mode_change: true,
  option_change: true,
  turn_end: true,
  checkpoint: true,
  rewind: true,
  plan: true,
  subagent_start: true,
  subagent_event: true,
  subagent_end: true,
  error: true,
  notify: true,
};

/** Every event name, for subscribers that take names from users (lug.on) and must reject typos. */
export const LUG_EVENT_TYPES: readonly LugEventType[] = Object.freeze(Object.keys(EVENT_NAMES) as LugEventType[]);
export type LugEvent = { [K in LugEventType]: { type: K } & LugEventMap[K] }[LugEventType];
export type EventOf<K extends LugEventType> = { type: K } & LugEventMap[K];

type Listener = (event: LugEvent) => void;

export class EventBus {
  private byType = new Map<string, Set<Listener>>();
  private any = new Set<Listener>();

  /** Subscribe to one event type. Returns the function that unsubscribes. */
  on<K extends LugEventType>(type: K, fn: (event: EventOf<K>) => void): () => void {
    let set = this.byType.get(type);
    if (!set) this.byType.set(type, (set = new Set()));
    const listener = fn as unknown as Listener;
    set.add(listener);
    return () => void set!.delete(listener);
  }

  /** Subscribe to every event. Returns the function that unsubscribes. */
  onAny(fn: (event: LugEvent) => void): () => void {
    this.any.add(fn);
    return () => void this.any.delete(fn);
  }

  /**
   * Deliver an event to its subscribers. A subscriber that throws is reported
   * as an `error` event (once) and never breaks the emitter.
   */
  emit<K extends LugEventType>(type: K, payload: LugEventMap[K]): void {
    const event = { type, ...payload } as LugEvent;
    for (const fn of [...(this.byType.get(type) ?? []), ...this.any]) {
      try {
        fn(event);
      } catch (err) {
        if (type !== 'error') this.emit('error', { message: `an event listener for ${type} failed: ${(err as Error).message}` });
      }
    }
  }
}
