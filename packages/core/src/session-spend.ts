/**
 * What the running conversation has spent: its tokens, and its cost in US
 * dollars, its own requests and its subagents' together. The host holds one
 * (`host.spend`), because a subagent shares the host but not the session: it
 * adds its requests here, so the status line, the `usage` events, the
 * session file, `cost_usd` and lug.opt.max_cost all count one sum. The
 * session that owns the host's state sets it when it starts, resumes or is
 * cleared, and listens to what is added.
 */
import type { AgentRef } from './events.js';
import { addUsage, emptyUsage, type Usage } from './messages.js';
import { costOf, formatCost, type ModelPricing } from './pricing.js';

/** One request's usage as it was added: its cost when its model's price is known, and the subagent that made it, if one did. */
export interface SpendAdded {
  usage: Usage;
  requestCost?: number;
  agent?: AgentRef;
}

export class SessionSpend {
  private total: Usage = emptyUsage();
  private dollars: number | undefined = 0;
  private listeners = new Set<(added: SpendAdded) => void>();

  /** Every request's tokens so far. */
  get usage(): Usage {
    return this.total;
  }

  /** The cost so far in US dollars; undefined once a request was made to a model with no known price. */
  get cost(): number | undefined {
    return this.dollars;
  }

  /** Count one request (priced by `pricing`; none: the cost is unknown from now on). */
  add(usage: Usage, pricing: ModelPricing | undefined, agent?: AgentRef): void {
    this.total = addUsage(this.total, usage);
    const requestCost = pricing ? costOf(usage, pricing) : undefined;
    this.dollars = this.dollars !== undefined && requestCost !== undefined ? this.dollars + requestCost : undefined;
    const added: SpendAdded = { usage, ...(requestCost !== undefined ? { requestCost } : {}), ...(agent ? { agent } : {}) };
    for (const fn of [...this.listeners]) fn(added);
  }

  /** The conversation switched (a resumed one, `:clear`): its spend so far. */
  replace(usage: Usage, cost: number | undefined): void {
    this.total = usage;
    this.dollars = cost;
  }

  subscribe(fn: (added: SpendAdded) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
}

/** Who is stopped, in the words of overBudget's message. */
export type BudgetSubject = 'session' | 'subagent';

/**
 * Why no other model request may be made (lug.opt.max_cost passed), or
 * undefined. It fails closed: a cost it cannot count is a cost it cannot bound.
 */
export function overBudget(limit: number | null, spend: Pick<SessionSpend, 'cost'>, modelName: string, pricing: ModelPricing | undefined, subject: BudgetSubject = 'session'): string | undefined {
  if (limit === null) return undefined;
  if (!pricing || spend.cost === undefined) {
    return `lug.opt.max_cost is set, but lug knows no price for ${pricing ? 'a model this session used' : modelName}, so it cannot keep the session under $${limit}; give the price in lug.opt.prices, or unset lug.opt.max_cost`;
  }
  if (spend.cost <= limit) return undefined;
  if (subject === 'subagent') {
    return `it stopped before its next model request: this session, with its subagents, has cost ${formatCost(spend.cost)}, more than lug.opt.max_cost ($${limit}); raise lug.opt.max_cost to go on`;
  }
  return `stopped: this session has cost ${formatCost(spend.cost)}, more than lug.opt.max_cost ($${limit}); raise lug.opt.max_cost to go on`;
}
