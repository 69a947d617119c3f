/**
 * `lug rules check [TOOL] ARGS…`: load the configuration as lug does, then
 * print what the approval rules decide for one call without running it — the
 * decision, each rule that spoke with its source, and the parts the rules saw
 * (approvals.check). Exit status: 0 allow, 3 ask, 4 deny; 1 when the
 * configuration failed to load (the rules may be missing, so the answer is
 * printed but not to be trusted), 2 on bad usage.
 */
import { checkCallFromText, formatRuleCheck, CHECK_USAGE } from '@lug/approvals';
import { escapeForTerminal } from '@lug/core';
import { parseCliArgs } from './args.js';
import { composeLug, type StartupOptions } from './compose.js';
import type { Writers } from './headless-printer.js';

export const RULES_USAGE = `usage: lug rules check [TOOL] ARGS…
  lug rules check 'git status && rm -rf x'       a command line, for the tool that takes one
  lug rules check write '{"path": "/etc/hosts"}'  a tool and its arguments as JSON
  lug rules check write path=/etc/hosts           … or as key=value words
Exit status: 0 allow, 3 ask, 4 deny, 1 when the configuration failed to load, 2 on bad usage.`;

const EXIT = { allow: 0, ask: 3, deny: 4 } as const;

export async function runRulesCommand(argv: string[], cwd: string, env: NodeJS.ProcessEnv, out: Writers, startup: StartupOptions = {}): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'check' || rest.length === 0) {
    out.stderr(`${sub === 'check' ? `lug rules check: ${CHECK_USAGE}\n` : sub ? `lug rules: unknown command "${escapeForTerminal(sub)}"\n` : ''}${RULES_USAGE}\n`);
    return 2;
  }
  const lug = await composeLug({ ...startup, cwd, env, args: parseCliArgs([]), interactive: false });
  for (const e of lug.startupErrors) out.stderr(`lug: ${escapeForTerminal(e)}\n`);
  let call;
  try {
    call = checkCallFromText(lug.host, rest.join(' '));
  } catch (err) {
    out.stderr(`lug rules check: ${escapeForTerminal((err as Error).message)}\n${RULES_USAGE}\n`);
    return 2;
  }
  const check = await lug.approvals.check(call);
  out.stdout(`${formatRuleCheck(call, check)}\n`);
  if (lug.startupErrors.length) {
    out.stderr('lug: the configuration failed to load (above), so rules may be missing from this check\n');
    return 1;
  }
  return EXIT[check.decision];
}
