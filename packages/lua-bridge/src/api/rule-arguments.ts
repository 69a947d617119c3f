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

/** The lazy table of the last object met, so the rules of one unit share its conversions. */
class LastSource {
  private last: LazyTable | undefined;

  of(value: object): LazyTable {
    if (this.last?.source.value !== value) this.last = new LazyTable(new LazySource(value));
    return this.last;
  }

  release(): void {
    this.last = undefined;
  }
}

/** The arguments of Lua rules in one Lua state. */
export class RuleArguments {
  private readonly args = new LastSource();
  private readonly call = new LastSource();

  /** Runs `rule` on lazy tables of its own over `args` and `call`. */
  run(rule: LuaFunctionRef, args: object, call: object, ctx: CallContext): unknown[] | Promise<unknown[]> {
    return rule.call([this.args.of(args), this.call.of(call)], ctx);
  }

  release(): void {
    this.args.release();
    this.call.release();
  }
}
