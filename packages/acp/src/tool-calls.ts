/**
 * lug's tool calls as ACP tool calls: the kind, title and locations come from
 * the call's description (what the tool says of itself, never its name), the
 * diff from the tool's own preview of its change, the status and content from
 * its result.
 */
import type { ToolCall, ToolCallContent, ToolCallLocation, ToolCallStatus, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { callTitle, type CallInfo, type CallOutcome, type LugHost, type ToolDetails } from '@lug/core';
import { isAbsolute, resolve } from 'node:path';

/** Past this, a file's text is left out of a diff: an editor is not shown megabytes of it. */
export const MAX_DIFF_CHARS = 1_000_000;

/** The title an editor shows for a call: the tool and what its description says it is about. */
export function toolCallTitle(call: Pick<CallInfo, 'tool' | 'args' | 'argsText' | 'description'>): string {
  const title = callTitle(call).replace(/\s+/g, ' ').trim();
  return title ? `${call.tool} ${title}` : call.tool;
}

/** Every path the call declares, absolute and real (as approvals judged it). */
export function locationsOf(call: Pick<CallInfo, 'description'>): ToolCallLocation[] {
  return (call.description?.paths ?? []).map((p) => ({ path: p.absPath }));
}

/** The `tool_call` that announces a call the model made. */
export function toolCallOf(call: CallInfo, content: ToolCallContent[] = []): ToolCall {
  return {
    toolCallId: call.id,
    title: toolCallTitle(call),
    kind: call.description?.kind ?? 'other',
    status: 'pending',
    locations: locationsOf(call),
    rawInput: call.args ?? { argsText: call.argsText },
    ...(content.length ? { content } : {}),
  };
}

/**
 * The diff of the change a call is about to make, from its tool's preview
 * (write's and edit's): undefined for a call that changes no file, a preview
 * that fails (the call itself will say why) or a file too large to show.
 */
export async function diffOf(host: LugHost, call: CallInfo, signal: AbortSignal): Promise<ToolCallContent | undefined> {
  const tool = host.tools.get(call.tool);
  if (!tool?.preview || !call.args || !call.description?.paths.some((p) => p.access === 'change')) return undefined;
  try {
    const preview = await tool.preview({ ...call.args }, { cwd: host.cwd, signal, limits: host.limits });
    if (preview.kind !== 'file_change') return undefined;
    if ((preview.before?.length ?? 0) > MAX_DIFF_CHARS || preview.after.length > MAX_DIFF_CHARS) return undefined;
    const changed = call.description.paths.find((p) => p.access === 'change')!;
    const path = isAbsolute(preview.path) ? preview.path : preview.path === changed.path ? changed.absPath : resolve(host.cwd, preview.path);
    return { type: 'diff', path, oldText: preview.before, newText: preview.after };
  } catch {
    return undefined;
  }
}

/** A finished call's status: only a call that ran and did not fail completed. */
export function statusOf(outcome: CallOutcome, isError: boolean): ToolCallStatus {
  return outcome === 'done' && !isError ? 'completed' : 'failed';
}

export interface FinishedCall {
  call: Pick<CallInfo, 'id'>;
  content: string;
  isError: boolean;
  outcome: CallOutcome;
  details?: ToolDetails;
}

/** The `tool_call_update` for a finished call: its status, the diff it made (if any) and the text the model reads. */
export function resultUpdateOf(result: FinishedCall, diff?: ToolCallContent): ToolCallUpdate {
  const content: ToolCallContent[] = [];
  if (diff && statusOf(result.outcome, result.isError) === 'completed') content.push(diff);
  if (result.content) content.push({ type: 'content', content: { type: 'text', text: result.content } });
  return {
    toolCallId: result.call.id,
    status: statusOf(result.outcome, result.isError),
    content,
    rawOutput: { content: result.content, isError: result.isError, outcome: result.outcome, ...(result.details ? { details: result.details } : {}) },
  };
}
