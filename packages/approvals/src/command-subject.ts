/**
 * What the rules judge for a call whose command line is judged part by part:
 * one unit per part, each with the call's arguments plus the part
 * (`command` is the part's text, `command_line` the whole line, and the
 * fields below). A line lug cannot split with certainty is `unparsable`:
 * the call asks in policy mode even if every rule allowed every part.
 */
import type { Tool } from '@lug/core';
import { splitCommandLine, type BashPart } from './bash-parts.js';
import type { Subject } from './rule-evaluation.js';

/**
 * The command line a call is judged by, part by part, if it has one: what the
 * tool's `describe(args)` says its `command` is. Until every tool describes
 * itself (the architecture issue's `describe`), a tool named bash with a
 * string `command` is judged by it, as the decider does.
 */
export function commandLineOf(toolName: string, args: Record<string, unknown>, tool: Tool | undefined, cwd: string): string | undefined {
  const describe = (tool as { describe?: (args: Record<string, unknown>, ctx: { cwd: string }) => { command?: unknown } | undefined } | undefined)?.describe;
  if (typeof describe === 'function') {
    try {
      const command = describe(args, { cwd })?.command;
      return typeof command === 'string' ? command : undefined;
    } catch {
      return undefined;
    }
  }
  return toolName === 'bash' && typeof args.command === 'string' ? args.command : undefined;
}

/** The arguments a rule receives for one part. */
export function partArgs(args: Record<string, unknown>, part: BashPart, line: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.assign({}, args);
  out.command = part.text;
  out.command_line = line;
  out.program = part.program;
  out.program_name = part.program_name;
  out.argv = part.argv.slice();
  out.part_kind = part.kind;
  out.dynamic = part.dynamic;
  out.wrappers = part.wrappers.slice();
  out.incomplete = part.incomplete;
  return out;
}

export async function commandSubject(args: Record<string, unknown>, line: string): Promise<Subject> {
  const split = await splitCommandLine(line);
  const units = split.parts.map((part) => ({ args: partArgs(args, part, line), part: part.text, bash: part }));
  if (!units.length) {
    // An empty line or a comment: the rules judge the line itself.
    const whole: BashPart = { text: line, kind: 'line', program: '', program_name: '', argv: [], dynamic: false, wrappers: [], incomplete: false };
    units.push({ args: partArgs(args, whole, line), part: line, bash: whole });
  }
  return split.incomplete ? { units, unparsable: split.incomplete } : { units };
}
