/**
 * A call's arguments cross into Lua once, whatever the number of Lua rules:
 * @lug/approvals hands every rule of one judged unit the same `args` and
 * `call` objects (made afresh for each evaluation, rule-subject.ts), so the
 * first Lua rule converts them into tables kept in the registry (a 20 KB
 * edit is UTF-8 encoded and interned once, not once per rule). One object
 * of each kind is kept, the last one met: the next evaluation's objects
 * replace it and free its table.
 *
 * Each rule still gets tables of its own: the converted tables are pushed
 * as copies (LuaTableCopy: deep, table by table through the C API; strings
 * are values in Lua, so the 20 KB is not copied). So a rule that changes its
 * `args` or `call` changes them for nobody else: not the rules after it, not
 * the tool (whose arguments never come back from Lua). Copying through the
 * API costs what the keys cost; the same copy written in Lua cost about
 * twice the whole shared rule (fengari's calls to `next` are slow), and
 * converting afresh for each rule 5–10× (bench/rules.bench.mjs).
 */
import type { LuaVM } from '../lua-vm.js';
import { LuaTableCopy, LuaTableRef, type CallContext, type LuaFunctionRef } from '../lua-values.js';

/** The last object converted, and its table in the registry. */
class ConvertedOnce {
  private source: object | undefined;
  private table: LuaTableRef | undefined;

  constructor(private readonly vm: LuaVM) {}

  of(value: object): LuaTableRef {
    if (value === this.source && this.table) return this.table;
    this.release();
    const { vm } = this;
    const top = vm.f.lua.lua_gettop(vm.L);
    try {
      vm.pushJs(vm.L, value);
    } catch (err) {
      vm.f.lua.lua_settop(vm.L, top); // a value Lua cannot hold: nothing half-made stays on the main thread
      throw err;
    }
    this.table = new LuaTableRef(vm.f.lauxlib.luaL_ref(vm.L, vm.f.lua.LUA_REGISTRYINDEX));
    this.source = value;
    return this.table;
  }

  release(): void {
    if (this.table) this.vm.unref(this.table.ref);
    this.table = undefined;
    this.source = undefined;
  }
}

/** The arguments of Lua rules in one Lua state. */
export class RuleArguments {
  private readonly args: ConvertedOnce;
  private readonly call: ConvertedOnce;
  constructor(vm: LuaVM) {
    this.args = new ConvertedOnce(vm);
    this.call = new ConvertedOnce(vm);
  }

  /** Runs `rule` on copies of the tables made from `args` and `call` (made now unless they are the last ones). */
  run(rule: LuaFunctionRef, args: object, call: object, ctx: CallContext): unknown[] | Promise<unknown[]> {
    return rule.call([new LuaTableCopy(this.args.of(args).ref), new LuaTableCopy(this.call.of(call).ref)], ctx);
  }

  release(): void {
    this.args.release();
    this.call.release();
  }
}
