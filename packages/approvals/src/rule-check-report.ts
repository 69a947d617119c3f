/**
 * `lug rules check` and `:rules test`: a call written as text (a command line,
 * or a tool's name and its arguments) made into a `CheckCall`, and what
 * `approvals.check` found, written out for a person: the decision, each rule
 * that spoke with its source, and the parts the rules saw. Both the CLI and
 * the interface use these, so they read the same.
 */
import { escapeForTerminal, type LugHost, type Tool } from '@lug/core';
import type { CheckCall, RuleCheck } from './types.js';

export const CHECK_USAGE =
  'what to check: a command line (git status && rm -rf x), or a tool and its arguments as JSON ({"path": "/etc/hosts"}) or as key=value words';

/** The tool that takes a command line: the first whose description of `{ command }` declares that command. */
function commandTool(host: LugHost): Tool | undefined {
  for (const name of host.tools.names()) {
    const tool = host.tools.get(name);
    try {
      if (tool?.describe?.({ command: 'true' }, { cwd: host.cwd })?.command === 'true') return tool;
    } catch {
      // A tool that cannot describe this is not the command tool.
    }
  }
  return undefined;
}

function argumentsFrom(tool: Tool, text: string, host: LugHost): Record<string, unknown> | undefined {
  if (text === '') return {};
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new TypeError(`the arguments of ${tool.name} begin like a JSON object but are not one (${(err as Error).message})`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError(`the arguments of ${tool.name} are a JSON object, got ${text}`);
    return parsed as Record<string, unknown>;
  }
  if (commandTool(host) === tool) return { command: text };
  const words = text.split(/\s+/);
  if (!words.every((w) => /^[^=\s]+=/.test(w))) return undefined;
  return Object.fromEntries(words.map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
}

/**
 * The call `text` asks about. A first word that names a tool, followed by
 * nothing, a JSON object or key=value words, is that tool with those
 * arguments (the tool that takes a command line gets the rest as its
 * command); anything else is a command line for the tool that takes one.
 */
export function checkCallFromText(host: LugHost, text: string): CheckCall {
  const trimmed = text.trim();
  if (!trimmed) throw new TypeError(CHECK_USAGE);
  const [, first = '', rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(trimmed) ?? [];
  const named = host.tools.get(first);
  if (named) {
    const args = argumentsFrom(named, rest.trim(), host);
    if (args) return { tool: named.name, args };
  }
  const command = commandTool(host);
  if (!command) throw new TypeError(`no tool is named ${first}, and no tool takes a command line; the tools are: ${host.tools.names().join(', ')}`);
  return { tool: command.name, args: { command: trimmed } };
}

/** The report, already escaped for a terminal. */
export function formatRuleCheck(call: CheckCall, check: RuleCheck): string {
  const lines = [`${call.tool} ${JSON.stringify(call.args)}`, `decision: ${check.decision} (${check.by})${check.reason ? `: ${check.reason}` : ''}`];
  if (check.findings.length === 0) lines.push('no rule spoke');
  else {
    lines.push('rules that spoke:');
    for (const f of check.findings) {
      lines.push(`  ${f.source}: ${f.verdict}${f.part !== undefined ? ` on "${f.part}"` : ''}${f.reason ? ` (${f.reason})` : ''}`);
    }
  }
  if (check.parts) {
    lines.push('parts the rules saw:');
    check.parts.forEach((p, i) => {
      const argv = p.argv.length ? `, argv ${JSON.stringify(p.argv)}` : '';
      const marks = [p.dynamic ? 'dynamic' : '', p.incomplete ? 'incomplete' : '', p.wrappers.length ? `through ${p.wrappers.join(', ')}` : ''].filter(Boolean).join(', ');
      lines.push(`  ${i + 1}. ${p.text} (${p.kind}${p.program ? `, program ${p.program}` : ''}${argv}${marks ? `; ${marks}` : ''})`);
    });
  }
  if (check.incomplete) lines.push(`incomplete: ${check.incomplete}; in policy mode the line asks whatever the rules say`);
  return escapeForTerminal(lines.join('\n'));
}
