/**
 * State a plugin keeps in the session (`lug.session.state(key, value)` in
 * Lua): a key to a JSON value, written to the session file as a `state`
 * record and read back by `--continue`, `--resume` and `:resume`. A new
 * conversation (`:clear`) starts with none. Listeners hear every change,
 * including the whole state replaced when the session switches.
 */
export type StateValue = null | boolean | number | string | StateValue[] | { [key: string]: StateValue };

export type StateChange = { key: string; value: StateValue | undefined } | { replaced: true };

export class SessionStateError extends Error {
  override name = 'SessionStateError';
}

const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

/** What in `value` is not JSON (a function, a cycle, NaN…), or undefined. */
export function stateValueProblem(value: unknown, where = 'the value', seen = new Set<object>()): string | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${where} is ${value}, which JSON cannot hold`;
  if (typeof value !== 'object') return `${where} is ${typeof value === 'undefined' ? 'nil' : `a ${typeof value}`}, which is not JSON (a text, number, boolean, list or table of them)`;
  if (seen.has(value)) return `${where} holds itself (a cycle)`;
  seen.add(value);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v] as const) : Object.entries(value);
  for (const [k, v] of entries) {
    const problem = stateValueProblem(v, `${where}.${k}`, seen);
    if (problem) return problem;
  }
  seen.delete(value);
  return undefined;
}

/** The state records that take `now` to `then`: each key changed or added, and each removed (null). */
export function stateChanges(now: readonly [string, StateValue][], then: readonly [string, StateValue][]): [string, StateValue][] {
  const before = new Map(now);
  const after = new Map(then);
  const out: [string, StateValue][] = [];
  for (const key of before.keys()) if (!after.has(key)) out.push([key, null]);
  for (const [key, value] of after) if (JSON.stringify(before.get(key)) !== JSON.stringify(value)) out.push([key, value]);
  return out;
}

export class SessionState {
  private values = new Map<string, StateValue>();
  private listeners = new Set<(change: StateChange) => void>();

  get(key: string): StateValue | undefined {
    return this.values.get(key);
  }

  /** Set `key` (undefined or null removes it); the value is copied, so changing it later changes nothing stored. */
  set(key: string, value: StateValue | undefined): void {
    if (typeof key !== 'string' || !KEY.test(key)) throw new SessionStateError(`a session state key is 1 to 100 letters, digits and _ . : -, got ${JSON.stringify(key)}`);
    if (value === undefined || value === null) {
      if (!this.values.has(key)) return;
      this.values.delete(key);
      this.changed({ key, value: undefined });
      return;
    }
    const problem = stateValueProblem(value);
    if (problem) throw new SessionStateError(`session state "${key}": ${problem}`);
    this.values.set(key, structuredClone(value));
    this.changed({ key, value: this.values.get(key) });
  }

  /** Every key and value, copied. */
  entries(): [string, StateValue][] {
    return [...this.values].map(([k, v]) => [k, structuredClone(v)]);
  }

  /** The session switched (`--continue`, `:resume`, `:clear`): its state is now `values`. */
  replace(values: Iterable<[string, StateValue]>): void {
    this.values = new Map([...values].map(([k, v]) => [k, structuredClone(v)]));
    this.changed({ replaced: true });
  }

  subscribe(fn: (change: StateChange) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private changed(change: StateChange): void {
    for (const fn of [...this.listeners]) fn(change);
  }
}
