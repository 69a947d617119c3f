/**
 * A call's arguments cross into Lua once, whatever the number of Lua rules:
 * @lug/approvals hands every rule of one judged unit the same `args` and
 * `call` objects (made afresh for each evaluation, rule-subject.ts), so the
 * first Lua rule converts them into tables kept in the registry (a 20 KB
 * edit is UTF-8 encoded and interned once, not once per rule). One object
 * of each kind is kept, the last one met: the next evaluation's objects
 * replace it and free its table.
 *
 * Each rule still gets tables of its own: a small Lua function copies the
 * converted tables (deeply, table by table; strings are values in Lua, so
 * the 20 KB is not copied) and tail-calls the rule with the copies. So a
 * rule that changes its `args` or `call` changes them for nobody else: not
 * the rules after it, not the tool (whose arguments never come back from
 * Lua). Copying Lua tables costs what their keys cost, a few µs a rule;
 * converting afresh for each rule cost 5–10× that (bench/rules.bench.mjs).
 * The tail call keeps the rule's errors and levels as if lug called it.
 */
import type { LuaVM } from '../lua-vm.js';
import { LuaTableRef, type CallContext, type LuaFunctionRef } from '../lua-values.js';

/** Calls `rule` with deep copies of the converted `args` and `call` (a proper tail call: the rule's error positions are unchanged). */
const COPY_AND_CALL = `local next, type = next, type
local function copy(t)
  local c = {}
  for k, v in next, t do
    if type(v) == "table" then v = copy(v) end
    c[k] = v
  end
  return c
end
return function(rule, args, call) return rule(copy(args), copy(call)) end`;

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
  private copyAndCall: LuaFunctionRef | undefined;

  constructor(private readonly vm: LuaVM) {
    this.args = new ConvertedOnce(vm);
    this.call = new ConvertedOnce(vm);
  }

  /** Runs `rule` on copies of the tables made from `args` and `call` (made now unless they are the last ones). */
  run(rule: LuaFunctionRef, args: object, call: object, ctx: CallContext): unknown[] | Promise<unknown[]> {
    const tables = [this.args.of(args), this.call.of(call)];
    return this.copier().call([rule, ...tables], ctx);
  }

  /** COPY_AND_CALL's function, made at the first rule a Lua state runs. */
  private copier(): LuaFunctionRef {
    if (this.copyAndCall) return this.copyAndCall;
    const chunk = this.vm.load(COPY_AND_CALL, '=(rule arguments)');
    try {
      this.copyAndCall = this.vm.call(chunk)[0] as LuaFunctionRef;
    } finally {
      this.vm.unref(chunk.ref);
    }
    return this.copyAndCall;
  }

  release(): void {
    this.args.release();
    this.call.release();
  }
}
