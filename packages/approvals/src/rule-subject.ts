/**
 * What the rules of a call judge, read off the call's description (never its
 * tool's name): once per part of its command line, when it declares one;
 * once per path it declares, with `call.abs_path` that path; both when it
 * declares both; else once. Every run sees the whole list of paths on
 * `call.paths`. For a command line, `args.command` is the part's text,
 * `args.command_line` the whole line, and the part's program, argv and the
 * rest are beside them (see partArgs); a line lug cannot split with
 * certainty is `unparsable`: the call asks in policy mode even if every rule
 * allowed every part.
 */
import type { AuthorizeRequest } from '@lug/core';
import type { BashPart } from './bash-part.js';
import { splitCommandLine } from './bash-parts.js';
import type { Subject, Unit } from './rule-evaluation.js';
import type { RuleCall, RulePath } from './types.js';

interface Part {
  args: Record<string, unknown>;
  part?: string;
  bash?: BashPart;
}

/** The arguments a rule receives for one part. Plain assignments, no spreads: this runs for every part of every judged call. */
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

async function commandParts(args: Record<string, unknown>, line: string): Promise<{ parts: Part[]; unparsable?: string }> {
  const split = await splitCommandLine(line);
  const parts: Part[] = split.parts.map((bash) => ({ args: partArgs(args, bash, line), part: bash.text, bash }));
  if (!parts.length) {
    // An empty line or a comment: the rules judge the line itself.
    const whole: BashPart = { text: line, kind: 'line', program: '', program_name: '', argv: [], dynamic: false, wrappers: [], incomplete: false };
    parts.push({ args: partArgs(args, whole, line), part: line, bash: whole });
  }
  return split.incomplete ? { parts, unparsable: split.incomplete } : { parts };
}

/** What a rule judges of a call: the parts of this command line, or the call once. */
export type JudgedCall = Pick<AuthorizeRequest, 'tool' | 'id' | 'cwd' | 'args' | 'description'>;

/** Synchronous unless there is a command line to split (the parser loads and runs asynchronously). */
export function ruleSubject(request: JudgedCall): Subject | Promise<Subject> {
  const { command } = request.description;
  if (command !== undefined) return commandParts(request.args, command).then(({ parts, unparsable }) => units(request, parts, unparsable));
  return units(request, [{ args: { ...request.args } }]);
}

function units(request: JudgedCall, parts: Part[], unparsable?: string): Subject {
  const declared = request.description.paths;
  const paths: RulePath[] = [];
  for (const p of declared) paths.push({ path: p.path, access: p.access, abs_path: p.absPath });
  const { tool, id, cwd } = request;
  const kind = request.description.kind;
  const units: Unit[] = [];
  // Plain literals, no spreads: this runs for every call that has rules (see bench/decide.bench.mjs).
  for (const p of parts) {
    const call: RuleCall = { tool, id, cwd, kind, paths };
    if (!paths.length) units.push({ args: p.args, part: p.part, bash: p.bash, call });
    for (const path of paths) units.push({ args: p.args, part: p.part, bash: p.bash, path: path.abs_path, call: { tool, id, cwd, kind, paths, abs_path: path.abs_path } });
  }
  return unparsable ? { units, unparsable } : { units };
}
