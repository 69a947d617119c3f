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
import type { ApprovalMode, LugEvent, LugHost } from '@lug/core';
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
  /** Each call's diff, worked out when the call is announced (before it runs), for its result to show. */
  const diffs = new Map<string, Promise<ToolCallContent | undefined>>();
  /** Each running call's live output so far (its end, past LIVE_OUTPUT_CHARS), shown while it runs; the result replaces it. */
  const outputs = new Map<string, string>();
  /** The label of the subagent whose call is being announced, by the call's id. */
  const agents = new Map<string, string>();
  /** The mode the editor was last told, so that one change is told once. */
  let toldMode: string | undefined;
  const tellMode = (id: string) => {
    if (id === toldMode) return;
    toldMode = id;
    queue.push({ sessionUpdate: 'current_mode_update', currentModeId: id });
  };
  const on = (event: LugEvent): void => {
    switch (event.type) {
      case 'text_delta':
        if (event.text) queue.push(messageChunk(event.text));
        return;
      case 'reasoning_delta':
        if (event.text) queue.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.text } });
        return;
      case 'tool_call': {
        const diff = diffOf(host, event.call, signal);
        diffs.set(event.call.id, diff);
        const by = agents.get(event.call.id);
        agents.delete(event.call.id);
        queue.push(
          diff.then((d) => {
            const call = toolCallOf(event.call, d ? [d] : []);
            return { sessionUpdate: 'tool_call' as const, ...call, ...(by ? { title: `${by}: ${call.title}` } : {}) };
          }),
        );
        return;
      }
      case 'subagent_event': {
        // A subagent's calls are the session's calls too, under the ids approvals give them (`<agent id>/<call id>`, so a
        // permission request names the call the editor was shown), titled with the agent's label. Its text stays its own.
        const inner = event.event;
        if (inner.type === 'subagent_event') return on(inner);
        if (inner.type !== 'tool_call' && inner.type !== 'tool_start' && inner.type !== 'tool_progress' && inner.type !== 'tool_result') return;
        const id = `${event.agent.id}/${inner.call.id}`;
        if (inner.type === 'tool_call') agents.set(id, event.agent.label);
        return on({ ...inner, call: { ...inner.call, id } } as LugEvent);
      }
      case 'tool_start':
        queue.push({ sessionUpdate: 'tool_call_update', toolCallId: event.call.id, status: 'in_progress' });
        return;
      case 'tool_progress': {
        if (event.progress.kind !== 'output' || !event.progress.text) return;
        const output = ((outputs.get(event.call.id) ?? '') + event.progress.text).slice(-LIVE_OUTPUT_CHARS);
        outputs.set(event.call.id, output);
        queue.push({ sessionUpdate: 'tool_call_update', toolCallId: event.call.id, content: [{ type: 'content', content: { type: 'text', text: output } }] });
        return;
      }
      case 'tool_result': {
        outputs.delete(event.call.id);
        const diff = diffs.get(event.call.id) ?? Promise.resolve(undefined);
        diffs.delete(event.call.id);
        queue.push(diff.then((d) => ({ sessionUpdate: 'tool_call_update' as const, ...resultUpdateOf(event, d) })));
        return;
      }
      case 'notify':
        queue.push(messageChunk(noticeText(event.message, event.level)));
        return;
      case 'plan':
        queue.push({ sessionUpdate: 'plan', entries: event.entries.map((e) => ({ ...e })) });
        return;
      case 'mode_change':
        tellMode(currentModeId(event.to, host.modes));
        return;
      default:
        return;
    }
  };
  const unsubscribe = host.events.onAny(on);
  // A plugin's mode switched (by its :command, by Lua, by the editor): the session's mode is told.
  const approvalMode = () => host.options.get<ApprovalMode>('approval');
  toldMode = currentModeId(approvalMode(), host.modes);
  const stopModes = host.modes.subscribe(() => tellMode(currentModeId(approvalMode(), host.modes)));
  return {
    diffOf: (callId) => diffs.get(callId) ?? Promise.resolve(undefined),
    unsubscribe: () => {
      unsubscribe();
      stopModes();
    },
  };
}
