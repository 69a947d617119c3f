/**
 * The rules, for one tool or for "*", kept in the order they were made: that
 * order decides which "deny" comes first and which reason is shown.
 */
import type { RuleFn, RuleOptions, Verdict } from './types.js';

export const VERDICTS: ReadonlySet<string> = new Set<Verdict>(['allow', 'ask', 'deny']);

export interface StoredRule {
  tool: string;
  judge: RuleFn | Verdict;
  /** Where it came from, for the log and the dialog. */
  source: string;
  /** Made, but not judging calls until its examples pass. */
  pending?: boolean;
}

/** A rule given its place in the order, waiting for its examples to pass. */
export interface ReservedRule {
  rule: StoredRule;
  /** It judges calls from now on; returns its remover. */
  activate(): () => void;
  /** It leaves the set without ever judging a call. */
  drop(): void;
}

export class RuleSet {
  private rules: StoredRule[] = [];
  private made = 0;

  /** Add a rule; `null` removes every rule of `tool`. Returns the function that removes what was added. */
  add(tool: string, rule: RuleFn | Verdict | null, opts: RuleOptions = {}): () => void {
    if (rule === null) {
      checkTool(tool);
      this.rules = this.rules.filter((r) => r.tool !== tool);
      return () => {};
    }
    return this.reserve(tool, rule, opts).activate();
  }

  /** Give a rule its place in the order without letting it judge calls yet (while its examples are checked). */
  reserve(tool: string, rule: RuleFn | Verdict, opts: RuleOptions = {}): ReservedRule {
    checkTool(tool);
    if (typeof rule !== 'function' && !VERDICTS.has(rule as string)) {
      throw new TypeError(`rule for ${tool}: a rule is a function or one of "allow", "ask", "deny" (or null to remove the tool's rules), got ${describe(rule)}`);
    }
    this.made += 1;
    const stored: StoredRule = { tool, judge: rule, source: opts.source ?? `${tool} rule #${this.made}`, pending: true };
    this.rules.push(stored);
    const remove = () => {
      this.rules = this.rules.filter((r) => r !== stored);
    };
    return {
      rule: stored,
      activate: () => {
        delete stored.pending;
        return remove;
      },
      drop: remove,
    };
  }

  /** The rules that judge a call to `tool`: its own and "*", in the order they were made. */
  forTool(tool: string): StoredRule[] {
    return this.rules.filter((r) => (r.tool === tool || r.tool === '*') && !r.pending);
  }
}

function checkTool(tool: unknown): void {
  if (typeof tool !== 'string' || tool === '') throw new TypeError(`rule: the tool must be a tool name or "*", got ${describe(tool)}`);
}

export function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
