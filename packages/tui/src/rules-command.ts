/**
 * `:rules test [TOOL] ARGS…`: what the approval rules decide for a call now,
 * without running it — the decision, each rule that spoke with its source,
 * and the parts the rules saw; the same text as `lug rules check`.
 */
import { checkCallFromText, formatRuleCheck, CHECK_USAGE } from '@lug/approvals';
import type { Command } from '@lug/core';
import type { TuiController } from './controller.js';

export function rulesCommand(c: TuiController, source: string): Command {
  return {
    name: 'rules',
    desc: 'test the approval rules on a call without running it: ":rules test git status && rm -rf x", ":rules test write {"path": "/etc/hosts"}"',
    source,
    complete: (arg) => ['test'].filter((a) => a.startsWith(arg.trim())),
    async run(arg) {
      const [, sub = '', rest = ''] = /^\s*(\S*)\s*([\s\S]*)$/.exec(arg) ?? [];
      if (sub !== 'test') throw new Error(`${sub ? `unknown argument "${sub}"` : 'what to do'}: use :rules test [TOOL] ARGS (${CHECK_USAGE})`);
      const call = checkCallFromText(c.host, rest);
      c.transcript.notice(formatRuleCheck(call, await c.approvals.check(call)), 'info');
    },
  };
}
