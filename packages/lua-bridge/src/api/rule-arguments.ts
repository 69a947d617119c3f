/**
 * The `args` and `call` of Lua rules. @lug/approvals hands every rule of one
 * judged unit the same `args` and `call` objects (made afresh for each
 * evaluation, rule-subject.ts); each Lua rule gets them as lazy tables of its
 * own (lazy-tables.ts), made over one shared source per object: a field is
 * converted when a rule reads it, and a string crosses into Lua (is UTF-8
 * encoded) once per call, whatever the number of rules that read it. One
 * source of each kind is kept, the last one met.
 *
 * So a rule that changes its `args` or `call` changes them for nobody else:
 * not the rules after it, not the tool (whose arguments never come back from
 * Lua). Converting the arguments whole and copying them for each rule cost
 * 10–25 µs a rule where reading two fields costs about 1 (bench/rules.bench.mjs).
 */
import { LazySource, LazyTable } from '../lazy-tables.js';
import type { CallContext, LuaFunctionRef } from '../lua-values.js';

/** The source of the last object met, so the rules of one unit share its conversions. */
class LastSource {
  private last: LazySource | undefined;

  of(value: object): LazySource {
    if (this.last?.value !== value) this.last = new LazySource(value);
    return this.last;
  }

  release(): void {
    this.last = undefined;
  }
}

/**
 * The fields one rule has read of its `args` and of its `call`: its next
 * tables have them in place before it runs (LazyTable.reads), so a rule that
 * reads `args.path` at every call crosses from Lua into JavaScript for it once.
 */
export interface RuleReads {
  args: Set<string | number>;
  call: Set<string | number>;
}

export const ruleReads = (): RuleReads => ({ args: new Set(), call: new Set() });

/** The arguments of Lua rules in one Lua state. */
export class RuleArguments {
  private readonly args = new LastSource();
  private readonly call = new LastSource();

  /**
   * Runs `rule` on lazy tables of its own over `args` and `call`. `parameters`
   * is how many arguments the rule's function can see (LuaStateBase.parameterCount):
   * a table it cannot receive is not made, so `function(args)` costs one table, not two.
   * `reads` is the rule's own (ruleReads), kept from one call to the next.
   */
  run(rule: LuaFunctionRef, parameters: number, reads: RuleReads, args: object, call: object, ctx: CallContext): unknown[] | Promise<unknown[]> {
    const argsTable = new LazyTable(this.args.of(args), reads.args);
    if (parameters >= 2) return rule.call([argsTable, new LazyTable(this.call.of(call), reads.call)], ctx);
    return rule.call(parameters === 1 ? [argsTable] : [], ctx);
  }

  release(): void {
    this.args.release();
    this.call.release();
  }
}
