/**
 * Hooks that change what happens, beside the event stream that only reports
 * it. A hook receives its input and may return a result; the core runs a
 * point's hooks in the order they were added, each seeing the input as the
 * ones before left it, and applies their results. A hook that fails, or
 * returns something that is not a result, is reported (an `error` event
 * naming where it was made, and what it returned) and changes nothing.
 *
 * Every point is typed in LugHookMap, and its names come from it, as the
 * events' do: `lug.on(name, fn)` in Lua takes either kind of name. The points:
 * before_compact (compaction.ts), tool_call and tool_result (the scheduler,
 * call-hooks.ts), before_request (the agent loop). tool_call and tool_result
 * share their names with events: a hook's input has the event's shape.
 *
 * tool_call fails closed: a hook that fails, or returns something that is not
 * a result, refuses the call with that as its reason (a hook that guards calls
 * must not let one through by breaking). Every other point reports the
 * failure and goes on as if the hook had returned nothing.
 */
import type { CallInfo, CallOutcome, EventBus } from './events.js';
import type { Message } from './messages.js';
import type { CompactionReason } from './compaction-record.js';

export interface BeforeCompactInput {
  reason: CompactionReason;
  /** The messages the summary is to replace (not to be changed). */
  messages: readonly Message[];
  /** What the user asked the summary to focus on (`:compact FOCUS`), if anything. */
  focus?: string;
  /** Extra instructions for the model writing the summary. */
  instructions?: string;
  /** Facts pinned so far (by hooks before this one). */
  pinned: string[];
  /** Tokens the context holds now, and the window's. */
  tokens: number;
  window: number;
}

/** What a before_compact hook may return; every field is optional. */
export interface BeforeCompactResult {
  /** Facts kept verbatim in the summary and shown to the model writing it. */
  pinned?: string[];
  focus?: string;
  instructions?: string;
  /** The summary itself: no model request is made. */
  summary?: string;
}

/** A call the model made, its arguments valid, before approvals judge it. */
export interface ToolCallHookInput {
  type: 'tool_call';
  call: { id: string; tool: string; args: Record<string, unknown>; argsText: string };
  cwd: string;
}

/** What a tool_call hook may return: new arguments (checked against the tool's schema again), or a denial. */
export interface ToolCallHookResult {
  args?: Record<string, unknown>;
  /** Refuse the call: the model gets "denied: <deny>". */
  deny?: string;
}

/** A call's result, before the model sees it. */
export interface ToolResultHookInput {
  type: 'tool_result';
  call: CallInfo;
  content: string;
  isError: boolean;
  outcome: CallOutcome;
}

/** What a tool_result hook may return: the text the model sees instead, and whether it is an error. */
export interface ToolResultHookResult {
  content?: string;
  isError?: boolean;
}

/** A model request about to be made. */
export interface BeforeRequestInput {
  type: 'before_request';
  /** The request's number within the turn, from 1. */
  step: number;
  /** "anthropic/claude-sonnet-4-5". */
  model: string;
  /** How many messages the request sends. */
  messages: number;
  /** The request's tokens, estimated (system prompt, tools and messages). */
  tokens: number;
}

/** What a before_request hook may return: a reason to cancel the request (the turn ends saying it). */
export interface BeforeRequestResult {
  cancel?: string;
}

export interface LugHookMap {
  before_compact: { input: BeforeCompactInput; result: BeforeCompactResult };
  tool_call: { input: ToolCallHookInput; result: ToolCallHookResult };
  tool_result: { input: ToolResultHookInput; result: ToolResultHookResult };
  before_request: { input: BeforeRequestInput; result: BeforeRequestResult };
}

export type LugHookType = keyof LugHookMap;
export type HookInput<K extends LugHookType> = LugHookMap[K]['input'];
export type HookResult<K extends LugHookType> = LugHookMap[K]['result'];
export type HookFn<K extends LugHookType> = (input: HookInput<K>) => HookResult<K> | undefined | void | Promise<HookResult<K> | undefined | void>;

export class HookResultError extends Error {
  override name = 'HookResultError';
}

/**
 * A hook of a point that fails closed (tool_call) failed, or returned
 * something that is not a result: the message names it, and the caller
 * refuses what the hook was asked about.
 */
export class HookFailure extends Error {
  override name = 'HookFailure';
}

export interface HookRunOptions<K extends LugHookType> {
  /** A failing hook throws a HookFailure (and is not reported as an error event) instead of changing nothing. */
  failClosed?: boolean;
  /** Stop running the point's hooks once this is true of the input (a call denied). */
  until?: (input: HookInput<K>) => boolean;
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

/** What is wrong with a before_compact result, or undefined. */
function beforeCompactProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `it must be a table (or nil), got ${Array.isArray(value) ? 'a list' : typeof value}`;
  const allowed = ['pinned', 'focus', 'instructions', 'summary'];
  for (const [k, v] of Object.entries(value)) {
    if (!allowed.includes(k)) return `its fields are ${allowed.join(', ')}; got "${k}"`;
    if (k === 'pinned' ? !isStringList(v) : typeof v !== 'string') return `${k} must be ${k === 'pinned' ? 'a list of strings' : 'a string'}`;
  }
  return undefined;
}

/** What is wrong with a table of optional fields, each checked by its own function, or undefined. */
function fieldsProblem(value: unknown, fields: Record<string, [string, (v: unknown) => boolean]>): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `it must be a table (or nil), got ${Array.isArray(value) ? 'a list' : typeof value}`;
  const allowed = Object.keys(fields);
  for (const [k, v] of Object.entries(value)) {
    const field = fields[k];
    if (!field) return `its fields are ${allowed.join(', ')}; got "${k}"`;
    if (v !== undefined && !field[1](v)) return `${k} must be ${field[0]}`;
  }
  return undefined;
}

const isRecord = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown) => typeof v === 'string';
const isReason = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** One check per point: what is wrong with a hook's result, or undefined when it is one. */
const RESULT_CHECKS: { readonly [K in LugHookType]: (value: unknown) => string | undefined } = {
  before_compact: beforeCompactProblem,
  tool_call: (v) => fieldsProblem(v, { args: ['a table of arguments', isRecord], deny: ['a reason (a string that is not empty)', isReason] }),
  tool_result: (v) => fieldsProblem(v, { content: ['a string', isString], isError: ['a boolean', (b) => typeof b === 'boolean'] }),
  before_request: (v) => fieldsProblem(v, { cancel: ['a reason (a string that is not empty)', isReason] }),
};

/** Every hook point's name. */
export const LUG_HOOK_TYPES: readonly LugHookType[] = Object.freeze(Object.keys(RESULT_CHECKS) as LugHookType[]);

interface Entry<K extends LugHookType> {
  fn: HookFn<K>;
  source: string;
}

export class HookRegistry {
  private byType = new Map<LugHookType, Array<Entry<any>>>();

  constructor(private readonly events: EventBus) {}

  /** Add a hook; `source` names where it was made, for errors. Returns the function that removes it. */
  on<K extends LugHookType>(type: K, fn: HookFn<K>, source = 'a hook'): () => void {
    const entry: Entry<K> = { fn, source };
    const list = this.byType.get(type) ?? [];
    this.byType.set(type, [...list, entry]);
    return () => this.byType.set(type, (this.byType.get(type) ?? []).filter((e) => e !== entry));
  }

  has(type: LugHookType): boolean {
    return (this.byType.get(type)?.length ?? 0) > 0;
  }

  /**
   * Run each hook of `type` in order; `apply` folds a result into the input
   * the next hook sees. Returns the input as the last hook left it.
   */
  async run<K extends LugHookType>(type: K, input: HookInput<K>, apply: (input: HookInput<K>, result: HookResult<K>, source: string) => HookInput<K>, opts: HookRunOptions<K> = {}): Promise<HookInput<K>> {
    let current = input;
    for (const entry of this.byType.get(type) ?? []) {
      let result: unknown;
      try {
        result = await entry.fn(current);
      } catch (err) {
        const why = `the ${type} hook made at ${entry.source} failed: ${(err as Error)?.message ?? String(err)}`;
        if (opts.failClosed) throw new HookFailure(why);
        this.events.emit('error', { message: `${why}; it changed nothing` });
        continue;
      }
      if (result === undefined || result === null) continue;
      const problem = RESULT_CHECKS[type](result);
      if (problem) {
        const why = `the ${type} hook made at ${entry.source} returned something that is not a result (${problem})`;
        if (opts.failClosed) throw new HookFailure(why);
        this.events.emit('error', { message: `${why}; it changed nothing` });
        continue;
      }
      current = apply(current, result as HookResult<K>, entry.source);
      if (opts.until?.(current)) break;
    }
    return current;
  }
}
