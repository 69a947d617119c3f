/**
 * What the rules of a call judge, read off the call's description (never its
 * tool's name): once per part of its command line, when it declares one;
 * once per path it declares, with `call.abs_path` that path; both when it
 * declares both; else once. Every run sees the whole list of paths on
 * `call.paths`, and for a command line `args.command` is the part and
 * `args.command_line` the whole line.
 */
import type { AuthorizeRequest } from '@lug/core';
import { splitCommandLine } from './bash-parts.js';
import type { Subject, Unit } from './rule-evaluation.js';
import type { RuleCall, RulePath } from './types.js';

interface Part {
  args: Record<string, unknown>;
  part?: string;
}

async function commandParts(request: AuthorizeRequest, line: string): Promise<{ parts: Part[]; unparsable?: string }> {
  const split = await splitCommandLine(line);
  const part = (command: string): Part => ({ args: { ...request.args, command, command_line: line }, part: command });
  // A line that does not parse asks; the rules still run once on it, so a "deny" holds.
  if (split.error) return { parts: [{ args: { ...request.args, command_line: line } }], unparsable: split.error };
  if (!split.parts.length) return { parts: [part(line)] };
  return { parts: split.parts.map(part) };
}

/** Synchronous unless there is a command line to split (the parser loads and runs asynchronously). */
export function ruleSubject(request: AuthorizeRequest): Subject | Promise<Subject> {
  const { command } = request.description;
  if (command !== undefined) return commandParts(request, command).then(({ parts, unparsable }) => units(request, parts, unparsable));
  return units(request, [{ args: { ...request.args } }]);
}

function units(request: AuthorizeRequest, parts: Part[], unparsable?: string): Subject {
  const declared = request.description.paths;
  const paths: RulePath[] = [];
  for (const p of declared) paths.push({ path: p.path, access: p.access, abs_path: p.absPath });
  const { tool, id, cwd } = request;
  const units: Unit[] = [];
  // Plain literals, no spreads: this runs for every call that has rules (see bench/decide.bench.mjs).
  for (const p of parts) {
    if (!paths.length) units.push({ args: p.args, part: p.part, call: { tool, id, cwd, paths } });
    for (const path of paths) units.push({ args: p.args, part: p.part, path: path.abs_path, call: { tool, id, cwd, paths, abs_path: path.abs_path } });
  }
  return unparsable ? { units, unparsable } : { units };
}
