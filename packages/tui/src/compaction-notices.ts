/**
 * What the transcript says of a compaction: the notice while it runs, and the
 * summary that replaced the older messages, under a line saying what it replaced.
 */
import type { LugEvent } from '@lug/core';
import { formatCount } from '@lug/core';

const WHY: Record<string, string> = { threshold: 'the context passed lug.opt.compact_at', overflow: "the conversation overflowed the model's window", command: ':compact' };

/** "1 message", "3 older messages". */
const messages = (n: number, older = '') => `${n} ${older}message${n === 1 ? '' : 's'}`;

export function compactingText(e: Extract<LugEvent, { type: 'compaction_start' }>): string {
  return `compacting ${messages(e.messages, 'older ')} (${WHY[e.reason]}${e.focus ? `; focus: ${e.focus}` : ''})…`;
}

/** The summary as the transcript shows it, under a line saying what it replaced. */
export function compactedText(e: Extract<LugEvent, { type: 'after_compact' }>): string {
  const by = e.by === 'hook' ? 'a before_compact hook' : 'the model';
  return `**Compacted**: ${messages(e.replaced)} ${e.replaced === 1 ? 'is' : 'are'} now sent as this summary by ${by} (about ${formatCount(e.tokensBefore)} → ${formatCount(e.tokensAfter)} tokens); the session file keeps them, and \`:context summary\` shows it again.\n\n${e.summary}`;
}
