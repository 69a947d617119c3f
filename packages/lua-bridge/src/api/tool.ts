/**
 * lug.tool.register and lug.tool.rule: Lua tools offered to the model like the
 * built-ins, and Lua approval rules plugged into @lug/approvals.
 */
import { DescriptionError, ToolError, closestNames, type JsonSchema, type Tool, type ToolDescription } from '@lug/core';
import type { ExampleVerdict, RuleAnswer, RuleFn, Verdict } from '@lug/approvals';
import type { LuaState } from '../fengari.js';
import { LuaError, messageOf } from '../lua-error.js';
import { ConversionError, LuaFunctionRef } from '../lua-values.js';
import type { LuaVM } from '../lua-vm.js';
import { RuleArguments, ruleReads } from './rule-arguments.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const VERDICTS: readonly string[] = ['allow', 'ask', 'deny'];

/** What lug.tool.register takes (lug.ToolSpec in lua/docs/lug.lua). */
const TOOL_SPEC = is.fields({
  description: is.string.that((s) => s.length > 0, 'a non-empty string (what the tool does, for the model)'),
  parameters: is.table
    .that((v) => !Array.isArray(v), 'a JSON Schema table like { type = "object", properties = { path = { type = "string" } } }')
    .optional(),
  ask: is.boolean.optional(),
  keep: is.oneOf('start', 'end').optional(),
  handler: is.function,
  describe: is.function.optional(),
});

const REGISTER = signature('lug.tool.register', [
  ['name', is.string],
  ['spec', TOOL_SPEC],
]);

const RULE = signature('lug.tool.rule', [
  ['tool', is.string],
  ['rule', is.anyOf(is.function, is.oneOf('allow', 'ask', 'deny')).describedAs('a function, "allow", "ask", "deny" or nil').optional()],
  // examples: a command line (or a JSON object of arguments) → the verdict the rule alone must give.
  ['opts', is.fields({ examples: is.mapOf(is.oneOf('allow', 'ask', 'deny', 'none')).optional() }).optional({})],
]);

function show(value: unknown): string {
  if (value === undefined) return 'nil';
  if (value instanceof LuaFunctionRef) return 'a function';
  return JSON.stringify(value) ?? String(value);
}

/** Lua tables cannot tell [] from {}: an empty `required` or `enum` means a list. */
export function normalizeSchema(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema as JsonSchema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    const emptyObject = v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;
    if ((k === 'required' || k === 'enum') && emptyObject) out[k] = [];
    else if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([pk, pv]) => [pk, normalizeSchema(pv)]));
    } else if (k === 'items') out[k] = normalizeSchema(v);
    else out[k] = v;
  }
  return out as JsonSchema;
}

/** What a handler may return, for the error when it returns something else. */
const HANDLER_RETURNS = 'a handler returns text, a number, a boolean, a table of them, or nil (nil, "message" for a failure)';

/** Where functions sit in a handler's result ("the value", ".f", "[2].g"), each released: none crosses into JavaScript. */
function functionsIn(value: unknown, at: string, found: string[]): void {
  if (value instanceof LuaFunctionRef) {
    value.release();
    found.push(at || 'the value');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => functionsIn(v, `${at}[${i + 1}]`, found));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) functionsIn(v, /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `${at}.${k}` : `${at}[${JSON.stringify(k)}]`, found);
  }
}

/** A handler's results that hold a function are a failure naming where, never a success with the function left out. */
function refuseFunctions(values: unknown[]): void {
  const found = values.map((v) => {
    const where: string[] = [];
    functionsIn(v, '', where);
    return where;
  });
  // The value that counts: the first, or the error after a nil.
  const used = values[0] === undefined || values[0] === null ? 1 : 0;
  const where = found[used] ?? [];
  if (!where.length) return;
  const what = where[0] === 'the value' ? 'a function' : `a table with a function at ${where.join(', ')}`;
  throw new ToolError(`its handler returned ${what}${used === 1 ? ' as its error' : ''}, which cannot be sent to the model; ${HANDLER_RETURNS}`);
}

/** What a Lua handler's results become for the model. */
export function toolOutput(values: unknown[]): string {
  refuseFunctions(values);
  const [first, second] = values;
  if (first === undefined || first === null) {
    // The Lua convention: return nil, "what went wrong". An error value that is not text (a table
    // from pcall, a code) is still a failure, never an empty success.
    if (typeof second === 'string') throw new ToolError(second);
    if (second !== undefined && second !== null) throw new ToolError(typeof second === 'object' ? JSON.stringify(second) : String(second));
    return '';
  }
  if (typeof first === 'string') return first;
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  return JSON.stringify(first, null, 2);
}

/**
 * A Lua `describe(args, call)` as the Tool contract's describe: it must answer
 * at once (a describe that waits is stopped and the call is not run), and an
 * empty Lua table stands for an empty list of paths.
 */
function luaDescribe(fn: LuaFunctionRef, name: string): NonNullable<Tool['describe']> {
  return (args, dctx): ToolDescription => {
    const stop = new AbortController();
    let out: unknown[] | Promise<unknown[]>;
    try {
      out = fn.call([args, { tool: name, cwd: dctx.cwd }], { signal: stop.signal });
    } catch (err) {
      throw new DescriptionError(`its describe function failed: ${messageOf(err)}`);
    }
    if (out instanceof Promise) {
      stop.abort();
      out.catch(() => undefined);
      throw new DescriptionError('its describe function waited (on lug.ui.confirm, lug.proc.run…); describe must answer at once');
    }
    const [first] = out;
    if (first && typeof first === 'object' && !Array.isArray(first)) {
      const paths = (first as { paths?: unknown }).paths;
      if (paths && typeof paths === 'object' && !Array.isArray(paths) && Object.keys(paths).length === 0) return { ...(first as ToolDescription), paths: [] };
    }
    return first as ToolDescription;
  };
}

function register(ctx: ApiContext, L: LuaState): number {
  const [name, spec] = REGISTER.read(ctx.vm, L);
  const where = ctx.vm.where(L);
  const handler = spec.handler;
  const describe = spec.describe;
  const tool: Tool = {
    name,
    description: spec.description,
    parameters: spec.parameters ? normalizeSchema({ type: 'object', properties: {}, ...(spec.parameters as object) }) : { type: 'object', properties: {} },
    ask: spec.ask ?? true,
    keep: spec.keep as Tool['keep'],
    ...(describe ? { describe: luaDescribe(describe, name) } : {}),
    async handler(args, tctx) {
      try {
        const out = await handler.call([args, { tool: name, id: tctx.callId, cwd: tctx.cwd }], { signal: tctx.signal });
        return toolOutput(out);
      } catch (err) {
        if (err instanceof LuaError) throw new ToolError(err.luaMessage);
        // A coroutine or a userdata among the results: reading them stopped there.
        if (err instanceof ConversionError) throw new ToolError(`its handler returned what cannot be sent to the model: ${err.message} (a coroutine is a thread, an io file a userdata); ${HANDLER_RETURNS}`);
        throw err;
      }
    },
  };
  const source = `lua:${where.replace(/:\d+$/, '')}`;
  // Lua may replace a tool Lua registered (init.lua replacing basic.lug's); never a built-in or a plugin's.
  const held = ctx.host.tools.source(name);
  const remove = ctx.host.tools.register(tool, source, { replace: held?.startsWith('lua:') ?? false });
  pushRemover(ctx.vm, L, ctx.track(() => {
    remove();
    handler.release();
    describe?.release();
  }));
  return 1;
}

/** One RuleArguments a Lua state, shared by its rules. */
const ruleArguments = new WeakMap<LuaVM, RuleArguments>();
function ruleArgumentsOf(vm: LuaVM): RuleArguments {
  let made = ruleArguments.get(vm);
  if (!made) ruleArguments.set(vm, (made = new RuleArguments()));
  return made;
}

/** A Lua rule function as an approvals RuleFn; each rule gets lazy tables of its own over the call's shared conversions (rule-arguments.ts). */
function luaRule(vm: LuaVM, fn: LuaFunctionRef, tool: string, source: string): RuleFn {
  const converted = ruleArgumentsOf(vm);
  const parameters = vm.parameterCount(fn);
  const reads = ruleReads();
  const answer = (values: unknown[]): RuleAnswer => {
    const [verdict, reason] = values;
    if (verdict === undefined || verdict === null) return undefined;
    if (typeof verdict !== 'string' || !VERDICTS.includes(verdict)) {
      throw new Error(`the Lua rule for ${tool} made at ${source} returned ${show(verdict)}; a rule returns "allow", "ask", "deny" or nil, and optionally a reason`);
    }
    return typeof reason === 'string' ? { verdict: verdict as Verdict, reason } : (verdict as Verdict);
  };
  const failed = (err: unknown): never => {
    const message = messageOf(err);
    throw new Error(`the Lua rule for ${tool} made at ${source} failed: ${message}`);
  };
  return (args, call, signal) => {
    let out: unknown[] | Promise<unknown[]>;
    try {
      // The turn's signal: a rule waiting on lug.ui.confirm stops when the turn is cancelled.
      out = converted.run(fn, parameters, reads, args, call, { signal });
    } catch (err) {
      return failed(err);
    }
    return out instanceof Promise ? out.then(answer, failed) : answer(out);
  };
}

/**
 * A rule for a tool lug does not have ("bsh") is accepted, since a tool may come later (an MCP server's, a plugin's), but
 * named: at the call once start-up is over, else when it is over. MCP tools (mcp__server__tool) come after start-up, so they are not named.
 */
function unknownToolWarning(ctx: ApiContext, tool: string, source: string): string | undefined {
  if (tool === '*' || ctx.host.tools.get(tool) || tool.startsWith('mcp__')) return undefined;
  const names = ctx.host.tools.names();
  const near = closestNames(tool, names);
  return `${source}: lug.tool.rule: no tool is named "${tool}"${near.length ? `; did you mean ${near.join(', ')}?` : ''} (the tools: ${names.join(', ') || 'none'}); the rule is kept for a tool of that name registered later`;
}

function checkRuleTool(ctx: ApiContext, tool: string, source: string): void {
  const check = () => unknownToolWarning(ctx, tool, source);
  if (!ctx.startupOver()) return void ctx.afterStartup.push(check);
  const warning = check();
  if (warning) ctx.host.ui.notify(warning, 'warn');
}

function rule(ctx: ApiContext, L: LuaState): number {
  const approvals = ctx.approvals;
  if (!approvals) throw new Error('approvals are not enabled in this lug, so rules cannot be added');
  const [tool, fn, opts] = RULE.read(ctx.vm, L);
  const source = ctx.vm.where(L);
  if (fn !== undefined) checkRuleTool(ctx, tool, source);
  if (fn === undefined) {
    if (opts.examples) throw new Error('examples need a rule to check: nil removes the tool\'s rules');
    approvals.rule(tool, null, { source });
    return 0;
  }
  if (opts.examples) return ruleWithExamples(ctx, L, tool, fn, source, opts.examples);
  if (typeof fn === 'string') {
    pushRemover(ctx.vm, L, ctx.track(approvals.rule(tool, fn, { source })));
    return 1;
  }
  const remove = approvals.rule(tool, luaRule(ctx.vm, fn, tool, source), { source });
  pushRemover(ctx.vm, L, ctx.track(() => {
    remove();
    fn.release();
  }));
  return 1;
}

/**
 * A rule with examples: they are checked before the rule judges any call, and
 * lug.tool.rule waits for that; one the rule answers otherwise is an error
 * raised where lug.tool.rule was called (a load error naming the file and
 * line), and the rule is not added.
 */
function ruleWithExamples(ctx: ApiContext, L: LuaState, tool: string, fn: LuaFunctionRef | Verdict, source: string, examples: Record<string, ExampleVerdict>): number {
  const approvals = ctx.approvals!;
  const judge = typeof fn === 'string' ? fn : luaRule(ctx.vm, fn, tool, source);
  const release = () => (typeof fn === 'string' ? undefined : fn.release());
  const wait = ctx.vm.asyncFn('lug.tool.rule', async () => {
    // Read before waiting: after the wait, no Lua is running to say who registers.
    const owner = ctx.owners.current();
    let remove: () => void;
    try {
      remove = await approvals.rule(tool, judge, { source, examples });
    } catch (err) {
      release();
      throw err;
    }
    return [ctx.track(() => {
      remove();
      release();
    }, owner)];
  });
  return wait(L);
}

export function pushToolApi(ctx: ApiContext, L: LuaState): void {
  pushFunctions(ctx.vm, L, 'lug.tool', {
    register: (Ls) => register(ctx, Ls),
    rule: (Ls) => rule(ctx, Ls),
  });
}
