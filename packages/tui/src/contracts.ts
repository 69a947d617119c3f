/**
 * What the TUI needs from the packages around it, as the smallest interfaces
 * that say so. The CLI passes the real objects (`Session` and `SessionStore`
 * from @lug/core, `Approvals` from @lug/approvals, the Lua runtime); tests pass
 * small stand-ins. The TUI never imports the Lua bridge: Lua is one function.
 */
import type { Compaction, ContextReport, ImagePart, Message, StateValue, StoredSubagent, TurnEndReason, Usage } from '@lug/core';
import type { Approvals } from '@lug/approvals';

export type {
  ApprovalCall,
  ApprovalQueueView,
  DialogAnswer,
  PendingApproval,
  Preview,
} from '@lug/approvals';

export interface TurnResult {
  text: string;
  reason: TurnEndReason;
  error?: string;
}

/** The part of @lug/core's Session the TUI drives. */
export interface TuiSession {
  readonly id: string;
  readonly messages: readonly Message[];
  usage: Usage;
  /** The session's cost in US dollars so far; undefined when a price is not known (absent: not counted). */
  cost?: number | undefined;
  running: boolean;
  /** Its subagents' conversations (@lug/core's StoredSubagent), drawn again under their calls on resume. */
  readonly subagents?: readonly StoredSubagent[];
  /** `images`: attached with `@shot.png` in the prompt (core's attachImage). */
  submit(prompt: string, options?: { images?: ImagePart[] }): Promise<TurnResult>;
  /** Aborts the running turn: stream stopped, unfinished calls get "cancelled by the user". */
  cancel(): void;
  /** A new conversation (new id). */
  reset(): void;
  modelName(): string | undefined;
  /** Continue a stored conversation (`:resume`), from its compaction when it has one. */
  resume?(id: string, messages: Message[], usage?: Usage, cost?: number, compactions?: readonly Compaction[], branches?: number, hydrate?: (messages: Message[], from: number, to: number) => void, state?: readonly [string, StateValue][], subagents?: readonly StoredSubagent[]): void;
  /** The conversation's prompts, for `:rewind`. */
  rewindPoints?(): Array<{ turn: number; index: number; text: string }>;
  /** Back to before the `turn`-th prompt; the rest kept as a branch (`:rewind N`). */
  rewind?(turn: number): { prompt: { turn: number; text: string }; branch: number };
  /** Go on in a new session from here (`:fork`); returns the old id. */
  fork?(): string;
  /** Compact the conversation now (`:compact [focus]`). */
  compact?(focus?: string): Promise<unknown>;
  /** How full the context window is, and with what (`:context`). */
  contextReport?(): Promise<ContextReport>;
}

/** Where `:resume` finds earlier conversations: @lug/core's SessionStore. */
export interface TuiSessionStore {
  /** Newest first; only those started in `cwd` when given. */
  list(cwd?: string): Array<{ id: string; cwd: string; mtimeMs: number }>;
  /** `notice`: what was skipped in a damaged file, shown as a warning. */
  load(id: string): { messages: Message[]; usage: Usage; cost?: number; compactions?: Compaction[]; branches?: Array<{ n: number; at: number; messages: number; prompt: string }>; hydrate?: (messages: Message[], from: number, to: number) => void; notice?: string; state?: [string, StateValue][]; subagents?: StoredSubagent[] };
  /** Make branch `n` of session `id` its conversation (`:resume ID#N`). */
  switchBranch?(id: string, n: number): void;
  /** What `:resume` lists of a session (its first prompt, its branches) without loading it; without it, the list loads each. */
  outline?(id: string): { prompt: string; branches: Array<{ n: number; prompt: string }> };
}

/** The part of @lug/approvals' `Approvals` the TUI uses. */
export type TuiApprovals = Pick<Approvals, 'queue' | 'mode' | 'toggleAuto' | 'isAuto' | 'check'> & {
  allowedAlways: Pick<Approvals['allowedAlways'], 'list' | 'clear' | 'add'>;
};

/**
 * Runs Lua in the live state, for `:lua CODE`. Absent: the TUI runs without
 * Lua. A result with a `text` string (the Lua bridge's `{ values, text }`) is
 * shown as that text; any other value is shown as a Lua literal.
 */
export interface LuaRunner {
  run(code: string, chunkName?: string): Promise<unknown>;
  /** Tab completion of the code typed so far: whole texts it could become (globals, `lug.` names). Must not wait. */
  complete?(code: string): string[];
  /** `:source [FILE]`: run FILE (default init.lua) again, taking back what it registered the last time. */
  source?(file?: string): Promise<LuaSourceResult>;
  /** `:reload`: init.lua and every Lua plugin again. */
  reload?(): Promise<LuaSourceResult[]>;
}

/**
 * One file run again (the Lua bridge's SourceResult): a failure has already
 * been reported as a `notify` of level "error" naming the file and line.
 */
export interface LuaSourceResult {
  file: string;
  ok: boolean;
  /** Registrations of its last run taken back. */
  removed: number;
  /** Options its last run set and this one did not, back to their defaults. */
  optionsReset: string[];
}

/** Counts of the processes lug started (by default @lug/tools' process table). */
export interface ProcessCounts {
  /** Processes of calls running now. */
  running(): number;
  /** Processes left running in the background (`cmd > log 2>&1 &`). */
  background(): number;
  /** Called when a count may have changed; returns the function that unsubscribes. */
  subscribe?(fn: () => void): () => void;
}

/** Lists the project's files for `@path` completion, skipping ignored ones. */
export type FileLister = (cwd: string, signal: AbortSignal) => Promise<string[]>;
