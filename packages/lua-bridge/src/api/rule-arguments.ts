/**
 * A call's arguments cross into Lua once, whatever the number of Lua rules:
 * @lug/approvals hands every rule of one judged unit the same `args` and
 * `call` objects (made afresh for each evaluation, rule-subject.ts), so the
 * first Lua rule converts them into tables kept in the registry and every
 * rule of the unit gets those same tables (a 20 KB edit is encoded once, not
 * once per rule). The rules of one call therefore share them, as documented
 * for lug.tool.rule: a rule that changes `args` changes it for the rules
 * after it. (A copy for each rule was measured at 5–10× the cost of sharing,
 * most of a rule's cost: fengari's table writes are slow.) One object of
 * each kind is kept, the last one met: the next evaluation's objects replace
 * it and free its table.
 */
import type { LuaVM } from '../lua-vm.js';
import { LuaTableRef } from '../lua-values.js';

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

  /** What a rule is called with: the tables made from `args` and `call` (made now unless they are the last ones). */
  for(args: object, call: object): [LuaTableRef, LuaTableRef] {
    return [this.args.of(args), this.call.of(call)];
  }

  release(): void {
    this.args.release();
    this.call.release();
  }
}
