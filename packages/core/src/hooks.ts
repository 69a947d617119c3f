/**
 * Hooks that change what happens, beside the event stream that only reports
 * it. A hook receives its input and may return a result; the core runs a
 * point's hooks in the order they were added, each seeing the input as the
 * ones before left it, and applies their results. A hook that fails, or
 * returns something that is not a result, is reported (an `error` event
 * naming where it was made, and what it returned) and changes nothing.
 *
 * Every point is typed in LugHookMap, and its names come from it, as the
 * events' do: `lug.on(name, fn)` in Lua takes either kind of name. Points to
 * come (tool_call, tool_result, before_request) are added to the map, with a
 * `check` for their result, and nothing else changes.
 */
import type { EventBus } from './events.js';
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

/**
 * A turn is about to run (after `turn_start`, before its first request): the
 * turn waits for its hooks, so what they keep (the files' checkpoint) is taken
 * before any tool can change anything. It takes no result.
 */
export interface BeforeTurnInput {
  prompt: string;
  /** The prompt's number in the conversation (1-based), as `:rewind` and the rewind record name it. */
  turn: number;
  sessionId: string;
}

export interface LugHookMap {
  before_compact: { input: BeforeCompactInput; result: BeforeCompactResult };
  before_turn: { input: BeforeTurnInput; result: never };
}

export type LugHookType = keyof LugHookMap;
export type HookInput<K extends LugHookType> = LugHookMap[K]['input'];
export type HookResult<K extends LugHookType> = LugHookMap[K]['result'];
export type HookFn<K extends LugHookType> = (input: HookInput<K>) => HookResult<K> | undefined | void | Promise<HookResult<K> | undefined | void>;

export class HookResultError extends Error {
  override name = 'HookResultError';
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

/** One check per point: what is wrong with a hook's result, or undefined when it is one. */
const RESULT_CHECKS: { readonly [K in LugHookType]: (value: unknown) => string | undefined } = {
  before_compact: beforeCompactProblem,
  before_turn: () => 'before_turn takes no result: return nothing',
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
  async run<K extends LugHookType>(type: K, input: HookInput<K>, apply: (input: HookInput<K>, result: HookResult<K>) => HookInput<K>): Promise<HookInput<K>> {
    let current = input;
    for (const entry of this.byType.get(type) ?? []) {
      let result: unknown;
      try {
        result = await entry.fn(current);
      } catch (err) {
        this.events.emit('error', { message: `the ${type} hook made at ${entry.source} failed: ${(err as Error)?.message ?? String(err)}; it changed nothing` });
        continue;
      }
      if (result === undefined || result === null) continue;
      const problem = RESULT_CHECKS[type](result);
      if (problem) {
        this.events.emit('error', { message: `the ${type} hook made at ${entry.source} returned something that is not a result (${problem}); it changed nothing` });
        continue;
      }
      current = apply(current, result as HookResult<K>);
    }
    return current;
  }
}
