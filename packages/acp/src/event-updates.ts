/**
 * lug's event stream, as one session's `session/update` notifications: text
 * and reasoning as message and thought chunks, each tool call as a
 * `tool_call` with its diff, `in_progress` when it starts and a
 * `tool_call_update` with its result (and, while it runs, its output so far);
 * a subagent's calls as calls of the session, titled with its label;
 * lug's notices (from Lua, approvals, the session) as messages; the plan of
 * the work (the todo list) as `plan`; a change of the session's mode (an
 * approval mode, or a plugin's mode switched) as `current_mode_update`.
 */
import type { SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk';
import type { ApprovalMode, EventOf, LugEvent, LugHost } from '@lug/core';
import { currentModeId } from './modes.js';
import { diffOf, resultUpdateOf, toolCallOf } from './tool-calls.js';
import type { UpdateQueue } from './update-queue.js';

/** A notice as the editor shows it: a line of its own in the agent's message. */
export function noticeText(message: string, level: 'info' | 'warn' | 'error' = 'info'): string {
  const label = level === 'info' ? 'lug' : `lug ${level === 'warn' ? 'warning' : 'error'}`;
  return `\n[${label}] ${message}\n`;
}

/** A running command's output shown in the editor, at most: its last 30,000 characters (what the model will read is the result). */
export const LIVE_OUTPUT_CHARS = 30_000;

export function messageChunk(text: string): SessionUpdate {
  return { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } };
}

export interface ForwardedEvents {
  /** The diff of a call announced and not finished yet (the permission request shows it too). */
  diffOf(callId: string): Promise<ToolCallContent | undefined>;
  unsubscribe(): void;
}

/**
 * Subscribe to `host`'s events and queue their updates. `signal` aborts the
 * diffs still being read when the session closes.
 */
export function forwardEvents(host: LugHost, queue: UpdateQueue, signal: AbortSignal): ForwardedEvents {
  const forwarder = new EventForwarder(host, queue, signal);
  const unsubscribe = host.events.onAny((event) => forwarder.on(event));
  // A plugin's mode switched (by its :command, by Lua, by the editor): the session's mode is told.
  const stopModes = host.modes.subscribe(() => forwarder.tellMode());
  return {
    diffOf: (callId) => forwarder.diffOf(callId),
    unsubscribe: () => {
      unsubscribe();
      stopModes();
    },
  };
}

/** One session's translation of lug's events into updates, and what it keeps between them. */
class EventForwarder {
  /** Each call's diff, worked out when the call is announced (before it runs), for its result to show. */
  private readonly diffs = new Map<string, Promise<ToolCallContent | undefined>>();
  /** Each running call's live output so far (its end, past LIVE_OUTPUT_CHARS), shown while it runs; the result replaces it. */
  private readonly outputs = new Map<string, string>();
  /** The label of the subagent whose call is being announced, by the call's id. */
  private readonly agents = new Map<string, string>();
  /** The mode the editor was last told, so that one change is told once. */
  private toldMode: string;

  constructor(
    private readonly host: LugHost,
    private readonly queue: UpdateQueue,
    private readonly signal: AbortSignal,
  ) {
    this.toldMode = this.currentMode();
  }

  diffOf(callId: string): Promise<ToolCallContent | undefined> {
    return this.diffs.get(callId) ?? Promise.resolve(undefined);
  }

  /** The session's mode now (the approval mode, or a plugin's mode), told unless the editor was told it last. */
  tellMode(id = this.currentMode()): void {
    if (id === this.toldMode) return;
    this.toldMode = id;
    this.queue.push({ sessionUpdate: 'current_mode_update', currentModeId: id });
  }

  on(event: LugEvent): void {
    switch (event.type) {
      case 'text_delta':
        if (event.text) this.queue.push(messageChunk(event.text));
        return;
      case 'reasoning_delta':
        if (event.text) this.queue.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.text } });
        return;
      case 'tool_call':
        return this.toolCall(event);
      case 'subagent_event':
        return this.subagentEvent(event);
      case 'tool_start':
        this.queue.push({ sessionUpdate: 'tool_call_update', toolCallId: event.call.id, status: 'in_progress' });
        return;
      case 'tool_progress':
        return this.toolProgress(event);
      case 'tool_result':
        return this.toolResult(event);
      case 'notify':
        this.queue.push(messageChunk(noticeText(event.message, event.level)));
        return;
      case 'plan':
        this.queue.push({ sessionUpdate: 'plan', entries: event.entries.map((e) => ({ ...e })) });
        return;
      case 'mode_change':
        return this.tellMode(currentModeId(event.to, this.host.modes));
      default:
        return;
    }
  }

  private currentMode(): string {
    return currentModeId(this.host.options.get<ApprovalMode>('approval'), this.host.modes);
  }

  private toolCall(event: EventOf<'tool_call'>): void {
    const diff = diffOf(this.host, event.call, this.signal);
    this.diffs.set(event.call.id, diff);
    const by = this.agents.get(event.call.id);
    this.agents.delete(event.call.id);
    this.queue.push(
      diff.then((d) => {
        const call = toolCallOf(event.call, d ? [d] : []);
        return { sessionUpdate: 'tool_call' as const, ...call, ...(by ? { title: `${by}: ${call.title}` } : {}) };
      }),
    );
  }

  /**
   * A subagent's calls are the session's calls too, under the ids approvals give them (`<agent id>/<call id>`, so a
   * permission request names the call the editor was shown), titled with the agent's label. Its text stays its own.
   */
  private subagentEvent(event: EventOf<'subagent_event'>): void {
    const inner = event.event;
    if (inner.type === 'subagent_event') return this.on(inner);
    if (inner.type !== 'tool_call' && inner.type !== 'tool_start' && inner.type !== 'tool_progress' && inner.type !== 'tool_result') return;
    const id = `${event.agent.id}/${inner.call.id}`;
    if (inner.type === 'tool_call') this.agents.set(id, event.agent.label);
    this.on({ ...inner, call: { ...inner.call, id } } as LugEvent);
  }

  private toolProgress(event: EventOf<'tool_progress'>): void {
    if (event.progress.kind !== 'output' || !event.progress.text) return;
    const output = ((this.outputs.get(event.call.id) ?? '') + event.progress.text).slice(-LIVE_OUTPUT_CHARS);
    this.outputs.set(event.call.id, output);
    this.queue.push({ sessionUpdate: 'tool_call_update', toolCallId: event.call.id, content: [{ type: 'content', content: { type: 'text', text: output } }] });
  }

  private toolResult(event: EventOf<'tool_result'>): void {
    this.outputs.delete(event.call.id);
    const diff = this.diffOf(event.call.id);
    this.diffs.delete(event.call.id);
    this.queue.push(diff.then((d) => ({ sessionUpdate: 'tool_call_update' as const, ...resultUpdateOf(event, d) })));
  }
}
