/**
 * `session/load`: a stored lug session told again as the updates that made
 * it, so the editor shows the conversation as it was: the user's prompts,
 * the answers, the reasoning that was kept, and each tool call with its
 * description (worked out again from its arguments) and its result.
 */
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { describeCall, type CallInfo, type LugHost, type Message, type ToolResultPart } from '@lug/core';
import { resultUpdateOf, toolCallOf } from './tool-calls.js';

function parseArgs(argsText: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(argsText);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A stored call as the events carried it: its description made again, if its tool still exists and can describe it. */
function storedCall(host: LugHost, id: string, tool: string, argsText: string): CallInfo {
  const args = parseArgs(argsText);
  const call: CallInfo = { id, tool, args, argsText };
  if (!args) return call;
  try {
    return { ...call, description: describeCall(host.tools.get(tool), args, argsText, host.cwd) };
  } catch {
    return call;
  }
}

function resultOf(part: ToolResultPart): SessionUpdate {
  // A stored result does not say how the call ended beyond isError; an error is shown as failed.
  const update = resultUpdateOf({ call: { id: part.callId }, content: part.content, isError: part.isError, outcome: part.isError ? 'failed' : 'done', ...(part.details ? { details: part.details } : {}) });
  return { sessionUpdate: 'tool_call_update', ...update };
}

/** The updates that tell `messages` again, in order. */
export function replayUpdates(host: LugHost, messages: readonly Message[]): SessionUpdate[] {
  const updates: SessionUpdate[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      if (message.content) updates.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: message.content } });
      for (const image of message.images ?? []) updates.push({ sessionUpdate: 'user_message_chunk', content: { type: 'image', data: image.data, mimeType: image.mediaType } });
    } else if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'text' && part.text) updates.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: part.text } });
        else if (part.type === 'reasoning' && part.text) updates.push({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: part.text } });
        else if (part.type === 'tool_call') updates.push({ sessionUpdate: 'tool_call', ...toolCallOf(storedCall(host, part.id, part.name, part.argsText)) });
      }
    } else {
      for (const part of message.results) updates.push(resultOf(part));
    }
  }
  return updates;
}
