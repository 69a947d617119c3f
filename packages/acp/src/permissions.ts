/**
 * Approvals through the editor. lug's rules decide first, exactly as in the
 * interface: only a call that asks joins the approvals queue, and that queue
 * is served here, one call at a time, as `session/request_permission` with
 * allow once / allow always (the tool, for this session, as A does) / reject.
 * The decision is lug's own (the approvals log it as the dialog's would be).
 * `lug.ui.confirm` from Lua is served the same way, with yes / no.
 * Whatever goes wrong asking (the editor fails, answers an option lug did not
 * offer, or cancels on its own) refuses the call.
 */
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse, ToolCallContent } from '@agentclientprotocol/sdk';
import type { ApprovalQueueView, DialogAnswer, PendingApproval } from '@lug/approvals';
import type { ConfirmQueue, PendingConfirm } from '@lug/core';
import { serveOneAtATime } from './one-at-a-time.js';
import { locationsOf, toolCallTitle } from './tool-calls.js';

export const APPROVAL_OPTIONS: readonly PermissionOption[] = Object.freeze([
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Allow always (this tool, this session)', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
]);

export const CONFIRM_OPTIONS: readonly PermissionOption[] = Object.freeze([
  { optionId: 'yes', name: 'Yes', kind: 'allow_once' },
  { optionId: 'no', name: 'No', kind: 'reject_once' },
]);

export type RequestPermission = (params: RequestPermissionRequest, signal: AbortSignal) => Promise<RequestPermissionResponse>;

export interface PermissionParts {
  sessionId: string;
  request: RequestPermission;
  /** Resolves once the editor has every update queued so far (the call's own `tool_call` first). */
  updatesSent(): Promise<void>;
  diffOf(callId: string): Promise<ToolCallContent | undefined>;
  log(message: string): void;
}

export type Outcome = { kind: 'chosen'; optionId: string } | { kind: 'refused'; why: string };

async function choose(parts: PermissionParts, params: RequestPermissionRequest, signal: AbortSignal): Promise<Outcome | undefined> {
  try {
    const response = await parts.request(params, signal);
    if (signal.aborted) return undefined;
    const outcome = response?.outcome;
    if (outcome?.outcome === 'selected' && typeof outcome.optionId === 'string') return { kind: 'chosen', optionId: outcome.optionId };
    return { kind: 'refused', why: 'the editor cancelled the permission request' };
  } catch (err) {
    if (signal.aborted) return undefined;
    parts.log(`session/request_permission failed: ${(err as Error)?.message ?? String(err)}`);
    return { kind: 'refused', why: `the editor could not be asked (${(err as Error)?.message ?? String(err)}), so the call was refused` };
  }
}

/** The dialog answer for the editor's choice; anything but an offered option refuses. */
export function approvalAnswerOf(outcome: Outcome): DialogAnswer {
  if (outcome.kind === 'refused') return { kind: 'deny', message: outcome.why };
  switch (outcome.optionId) {
    case 'allow_once':
      return { kind: 'allow' };
    case 'allow_always':
      return { kind: 'always' };
    case 'reject_once':
      return { kind: 'deny' };
    default:
      return { kind: 'deny', message: `the editor chose ${JSON.stringify(outcome.optionId)}, which lug did not offer (${APPROVAL_OPTIONS.map((o) => o.optionId).join(', ')}), so the call was refused` };
  }
}

/** Serve the approvals queue through the editor; returns the function that stops (withdrawing a question being asked). */
export function serveApprovals(queue: ApprovalQueueView, parts: PermissionParts): () => void {
  return serveOneAtATime<PendingApproval, DialogAnswer>(
    {
      current: () => queue.current(),
      idOf: (entry) => entry.call.id,
      isWaiting: (id) => queue.pending().some((entry) => entry.call.id === id),
      answer: (id, answer) => queue.answer(String(id), answer),
      onChange: (fn) => queue.onChange(fn),
    },
    async (entry, signal) => {
      await parts.updatesSent();
      const diff = await parts.diffOf(entry.call.id);
      if (signal.aborted) return undefined;
      const { call } = entry;
      const params: RequestPermissionRequest = {
        sessionId: parts.sessionId,
        toolCall: {
          toolCallId: call.id,
          title: toolCallTitle({ tool: call.tool, args: call.args, argsText: JSON.stringify(call.args), description: call.description }),
          kind: call.description.kind,
          status: 'pending',
          locations: locationsOf(call),
          rawInput: call.args,
          ...(diff ? { content: [diff] } : {}),
        },
        options: APPROVAL_OPTIONS.map((o) => ({ ...o })),
        ...(call.reason ? { _meta: { lug: { reason: call.reason, preview: entry.preview } } } : { _meta: { lug: { preview: entry.preview } } }),
      };
      const outcome = await choose(parts, params, signal);
      return outcome && approvalAnswerOf(outcome);
    },
    parts.log,
  );
}

/** Serve `lug.ui.confirm` through the editor: each confirm as a permission request with yes / no. */
export function serveConfirms(confirms: ConfirmQueue, parts: PermissionParts): () => void {
  const stopServing = confirms.serve();
  const stop = serveOneAtATime<PendingConfirm, boolean>(
    {
      current: () => confirms.getSnapshot(),
      idOf: (c) => c.id,
      isWaiting: (id) => confirms.pending().some((c) => c.id === id),
      answer: (id, yes) => confirms.answer(Number(id), yes),
      onChange: (fn) => confirms.subscribe(fn),
    },
    async (confirm, signal) => {
      await parts.updatesSent();
      if (signal.aborted) return undefined;
      const params: RequestPermissionRequest = {
        sessionId: parts.sessionId,
        toolCall: { toolCallId: `lug-confirm-${confirm.id}`, title: confirm.message, kind: 'other', status: 'pending' },
        options: CONFIRM_OPTIONS.map((o) => ({ ...o })),
      };
      const outcome = await choose(parts, params, signal);
      return outcome && outcome.kind === 'chosen' && outcome.optionId === 'yes';
    },
    parts.log,
  );
  return () => {
    stop();
    stopServing();
  };
}
