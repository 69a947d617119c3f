/**
 * The hook points around a tool call (hooks.ts): `tool_call` before the
 * call is judged, `tool_result` before the model sees its result.
 *
 * tool_call runs for each call of an answer, in order, before the answer
 * joins the conversation: new arguments are checked against the tool's
 * schema again and written into the call itself, so the session, the
 * approval dialog, the decision log and the tool all see the rewritten call.
 * A hook may deny the call instead. It fails closed: a hook that fails, a
 * result that is not one, or arguments the tool does not take, refuse the
 * call with that as the reason (a guard that breaks must not let a call
 * through).
 *
 * tool_result may replace the text the model sees and its error flag; the
 * new text is capped as every result is. A failing hook is reported and
 * changes nothing.
 */
import { HookFailure, type HookRegistry, type ToolCallHookInput, type ToolResultHookInput } from './hooks.js';
import { parseArgs } from './json-schema.js';
import type { ToolCallPart } from './messages.js';
import type { ToolRegistry } from './tool-registry.js';

export interface CallHookDeps {
  tools: ToolRegistry;
  hooks?: HookRegistry;
  cwd: string;
}

/** The calls tool_call hooks denied, by call id: the reason the model is given. */
export type HookDenials = ReadonlyMap<string, string>;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Run the tool_call hooks on each call (rewriting `call.argsText` in place); returns the calls they denied. */
export async function rewriteToolCalls(calls: ToolCallPart[], deps: CallHookDeps): Promise<HookDenials> {
  const denials = new Map<string, string>();
  const hooks = deps.hooks;
  if (!hooks?.has('tool_call')) return denials;
  for (const call of calls) {
    const tool = deps.tools.get(call.name);
    let args: Record<string, unknown>;
    try {
      if (!tool) continue;
      args = parseArgs(call.argsText, tool.parameters);
    } catch {
      continue; // the scheduler says what is wrong with them
    }
    let denied: string | undefined;
    let rewroteAt: string | undefined;
    const input: ToolCallHookInput = { type: 'tool_call', call: { id: call.id, tool: call.name, args, argsText: call.argsText }, cwd: deps.cwd };
    let out: ToolCallHookInput;
    try {
      out = await hooks.run(
        'tool_call',
        input,
        (current, result, source) => {
          if (result.deny !== undefined) denied = `${result.deny} (the tool_call hook made at ${source})`;
          if (result.args === undefined) return current;
          rewroteAt = source;
          return { ...current, call: { ...current.call, args: result.args } };
        },
        { failClosed: true, until: () => denied !== undefined },
      );
    } catch (err) {
      denials.set(call.id, err instanceof HookFailure ? `${err.message}, so the call was refused` : errorText(err));
      continue;
    }
    if (denied !== undefined) {
      denials.set(call.id, denied);
      continue;
    }
    if (rewroteAt === undefined) continue;
    const text = JSON.stringify(out.call.args);
    try {
      parseArgs(text, tool.parameters);
    } catch (err) {
      denials.set(call.id, `the tool_call hook made at ${rewroteAt} gave ${call.name} arguments it does not take (${errorText(err)}), so the call was refused`);
      continue;
    }
    call.argsText = text;
  }
  return denials;
}

/** Run the tool_result hooks on a result: the content and error flag the model is to see. The scheduler calls it only when there are such hooks. */
export async function rewriteToolResult(hooks: HookRegistry, input: Omit<ToolResultHookInput, 'type'>): Promise<{ content: string; isError: boolean }> {
  const out = await hooks.run('tool_result', { type: 'tool_result', ...input }, (current, result) => ({
    ...current,
    ...(result.content !== undefined ? { content: result.content } : {}),
    ...(result.isError !== undefined ? { isError: result.isError } : {}),
  }));
  return { content: out.content, isError: out.isError };
}
