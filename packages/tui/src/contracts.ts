/**
 * What the TUI needs from the packages around it, written as plain interfaces.
 *
 * The TUI never imports the Lua bridge, and it only needs a small part of the
 * session, approvals and process table: naming exactly that part here keeps the
 * TUI testable with small fakes and lets the CLI pass the real objects (they
 * are structurally compatible: `Session` from @lug/core, `Approvals` from
 * @lug/approvals).
 */
import type { ApprovalMode, Message, Usage } from '@lug/core';

export interface TurnResult {
  text: string;
  reason: 'done' | 'cancelled' | 'error' | 'max_turns';
  error?: string;
}

/** The part of @lug/core's Session the TUI drives. */
export interface TuiSession {
  readonly id: string;
  readonly messages: readonly Message[];
  usage: Usage;
  running: boolean;
  submit(prompt: string): Promise<TurnResult>;
  /** Aborts the running turn: stream stopped, unfinished calls get "cancelled by the user". */
  cancel(): void;
  /** A new conversation (new id). */
  reset(): void;
  modelName(): string | undefined;
}

/** A stored conversation, for `:resume`. */
export interface SessionSummary {
  id: string;
  /** The first prompt, or a title. */
  title: string;
  /** ms since epoch. */
  updatedAt: number;
}

/** Where `:resume` finds earlier conversations; the CLI passes one built on the session store. */
export interface SessionCatalog {
  list(): Promise<SessionSummary[]>;
  open(id: string): Promise<TuiSession>;
}

/** What the dialog shows for a call (mirrors @lug/approvals `Preview`). */
export interface Preview {
  kind: 'diff' | 'command' | 'args';
  text: string;
}

export interface ApprovalCall {
  tool: string;
  args: Record<string, unknown>;
  id: string;
  reason?: string;
}

export type DialogAnswer = { kind: 'allow' } | { kind: 'always' } | { kind: 'deny'; message?: string };

export interface PendingApproval {
  call: ApprovalCall;
  preview: Preview;
  since: number;
}

export interface ApprovalQueueView {
  current(): PendingApproval | undefined;
  pending(): PendingApproval[];
  answer(callId: string, answer: DialogAnswer): void;
  onChange(fn: () => void): () => void;
}

/** The part of @lug/approvals' `Approvals` the TUI uses. */
export interface TuiApprovals {
  queue: ApprovalQueueView;
  allowedAlways: { list(): string[]; clear(): void; add(tool: string): void };
  mode(): ApprovalMode;
  toggleAuto(): void;
  isAuto(): boolean;
}

/** Runs Lua in the live state, for `:lua CODE`. Absent: the TUI runs without Lua. */
export interface LuaRunner {
  run(code: string): Promise<unknown>;
}

/** Counts of the processes lug started (from @lug/tools' process table). */
export interface ProcessCounts {
  /** Processes of calls running now. */
  running(): number;
  /** Processes left running in the background (`cmd > log 2>&1 &`). */
  background(): number;
  /** Called when a count changes; returns the function that unsubscribes. */
  onChange?(fn: () => void): () => void;
}

/** Lists the project's files for `@path` completion, skipping ignored ones. */
export type FileLister = (cwd: string, signal: AbortSignal) => Promise<string[]>;
