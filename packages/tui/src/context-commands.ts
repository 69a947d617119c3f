/**
 * `:context` and `:compact`: how full the model's context window is and with
 * what, the compaction summary and what it replaced, and compacting now.
 */
import type { Command, ContextReport } from '@lug/core';
import type { TuiController } from './controller.js';
import { formatTokens } from './status-line.js';

const SOURCE = 'tui';

const WINDOW_SOURCE: Record<string, string> = {
  option: 'lug.opt.context_window',
  provider: "the provider's",
  table: "lug's table",
  assumed: 'assumed: lug does not know this model; set lug.opt.context_window',
};

function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–';
}

/** The breakdown as Markdown. */
export function contextText(r: ContextReport): string {
  const w = r.window.tokens;
  const b = r.breakdown;
  const row = (what: string, tokens: number) => `| ${what} | ${formatTokens(tokens)} | ${percent(tokens, w)} |`;
  const lines = [
    `**Context**: ${formatTokens(r.used)} of ${formatTokens(w)} tokens (${percent(r.used, w)}) for the next request${r.estimated ? ', estimated' : ''} · ${r.model ?? 'no model'}, window ${WINDOW_SOURCE[r.window.source]}`,
    '',
    '| part | tokens | of window |',
    '| --- | ---: | ---: |',
    row('system prompt', b.systemPrompt),
    row('AGENTS.md', b.agentsMd),
    row('tool definitions', b.tools),
    ...(b.summary ? [row('compaction summary', b.summary)] : []),
    row('messages', b.messages),
    row('tool results', b.toolResults),
  ];
  if (b.largest.length) {
    lines.push('', `The ${b.largest.length} largest items:`, '');
    for (const item of b.largest) lines.push(`- ${formatTokens(item.tokens)} · ${item.turn ? `turn ${item.turn}` : 'before the kept turns'} · ${item.what}`);
  }
  if (r.compaction) lines.push('', `A compaction (${r.compaction.created}) stands for the first ${r.compaction.replaced} messages: \`:context summary\` shows it.`);
  if (r.clearedBefore) lines.push('', 'Older tool results are sent as one-line stubs (the session file keeps them whole).');
  return lines.join('\n');
}

function summaryText(r: ContextReport): string {
  const c = r.compaction;
  if (!c) return 'this conversation has not been compacted';
  const why = c.reason === 'command' ? ':compact' : c.reason === 'overflow' ? 'a context overflow' : 'lug.opt.compact_at';
  return `**Compaction** of ${c.created} (${why}${c.focus ? `, focus: ${c.focus}` : ''}, written by ${c.by === 'hook' ? 'a before_compact hook' : 'the model'}): this summary is sent in place of the first ${c.replaced} messages, which the session file keeps whole.\n\n${c.summary}`;
}

export function contextCommands(c: TuiController): Command[] {
  const notice = (text: string, level: 'info' | 'warn' | 'error' = 'info', markdown = false) => c.transcript.notice(text, level, markdown);
  return [
    {
      name: 'context',
      desc: 'how full the context window is and with what; ":context summary" shows the compaction summary',
      source: SOURCE,
      complete: (arg) => ['summary'].filter((a) => a.startsWith(arg.trim())),
      async run(arg) {
        const sub = arg.trim();
        if (sub && sub !== 'summary') throw new Error(`unknown argument "${sub}": use :context, or :context summary`);
        if (!c.session.contextReport) throw new Error('this session does not count its context');
        const report = await c.session.contextReport();
        notice(sub === 'summary' ? summaryText(report) : contextText(report), 'info', true);
      },
    },
    {
      name: 'compact',
      desc: 'replace the older part of the conversation by a summary now: ":compact [what to focus on]"',
      source: SOURCE,
      async run(focus) {
        if (!c.session.compact) throw new Error('this session cannot compact');
        if (c.session.running) throw new Error('a turn is running: compact once it ends (Esc cancels it)');
        await c.session.compact(focus.trim() || undefined);
      },
    },
  ];
}
