/**
 * The request that asks the model for a summary, and the summary lug keeps:
 * the messages to replace are written out as a plain transcript (bounded to
 * what fits the window), the model answers to a fixed structure, and lug adds
 * the user's own words and the pinned facts verbatim itself, so that no
 * summary can lose or reword them.
 */
import type { Message, ToolCallPart } from './messages.js';
import { callSubject } from './tool-output-clearing.js';
import { CHARS_PER_TOKEN } from './token-estimate.js';
import { formatCount } from './format-count.js';

/** The sections the model writes, in order. */
export const SUMMARY_SECTIONS = [
  'Goal',
  "The user's instructions and constraints (quoted verbatim)",
  'Decisions and why',
  'Done',
  'Files touched and why',
  'Next',
  'Open questions',
] as const;

export const COMPACTION_SYSTEM =
  'You summarise a coding session between a user and lug, a coding agent, so that the agent can go on from your summary alone. Write only the summary, in Markdown, under exactly the headings you are given, in their order. Quote the user\'s instructions and constraints word for word. Be specific: name files, functions, commands, errors and numbers. Leave out what no longer matters.';

/** A user prompt kept verbatim up to this many characters; the rest is in the session file. */
export const PROMPT_CHARS = 2_000;
/** A tool result written into the transcript up to this many characters. */
const RESULT_CHARS = 1_500;

export interface SummaryRequestInput {
  /** The messages the summary replaces. */
  messages: readonly Message[];
  /** The summary of what was compacted before them, if anything was. */
  previousSummary?: string;
  focus?: string;
  /** Extra instructions (a before_compact hook's). */
  instructions?: string;
  pinned: readonly string[];
  /** Characters the transcript may take. */
  budgetChars: number;
  /** Words the summary should stay under. */
  summaryWords: number;
}

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}… (${formatCount(text.length - chars)} more characters)`;
}

/** One message as transcript lines. */
function transcriptOf(message: Message, calls: Map<string, ToolCallPart>, resultChars: number): string {
  if (message.role === 'user') return `USER: ${message.content}${message.images?.length ? ` [${message.images.length} image(s)]` : ''}`;
  if (message.role === 'assistant') {
    return message.content
      .flatMap((p) => {
        if (p.type === 'text') return p.text.trim() ? [`AGENT: ${p.text}`] : [];
        if (p.type === 'tool_call') {
          calls.set(p.id, p);
          return [`AGENT CALLS ${p.name}: ${clip(p.argsText, 500)}`];
        }
        return [];
      })
      .join('\n');
  }
  return message.results
    .map((r) => {
      const subject = callSubject(calls.get(r.callId));
      return `RESULT of ${r.name}${subject ? ` ${subject}` : ''}${r.isError ? ' (error)' : ''}: ${clip(r.content, resultChars)}`;
    })
    .join('\n');
}

/** The transcript of `messages` in at most `budget` characters: results cut shorter first, then the oldest lines left out (said so). */
export function transcript(messages: readonly Message[], budget: number): string {
  for (const resultChars of [RESULT_CHARS, 300, 80]) {
    const calls = new Map<string, ToolCallPart>();
    const lines = messages.map((m) => transcriptOf(m, calls, resultChars)).filter(Boolean);
    const text = lines.join('\n\n');
    if (text.length <= budget || resultChars === 80) {
      if (text.length <= budget) return text;
      const tail = text.slice(text.length - budget);
      return `[the oldest part of the transcript is left out to fit; it is in the session file]\n…${tail}`;
    }
  }
  return '';
}

export function summaryRequestText(input: SummaryRequestInput): string {
  const parts: string[] = [];
  if (input.previousSummary) parts.push('# The summary of the session before this part', '', input.previousSummary, '');
  parts.push('# The part of the session to summarise', '', transcript(input.messages, input.budgetChars), '');
  if (input.pinned.length) parts.push('# Pinned facts (keep them, word for word)', '', ...input.pinned.map((f) => `- ${f}`), '');
  parts.push(
    '# Your task',
    '',
    `Summarise the session so far${input.previousSummary ? ' (the earlier summary and this part together)' : ''} in under ${input.summaryWords} words, under these headings, in this order:`,
    '',
    ...SUMMARY_SECTIONS.map((s) => `## ${s}`),
  );
  if (input.focus) parts.push('', `Focus the summary on: ${input.focus}`);
  if (input.instructions) parts.push('', input.instructions);
  return parts.join('\n');
}

/** The user's prompts in `messages`, verbatim (each up to PROMPT_CHARS). */
export function userPromptsOf(messages: readonly Message[]): string[] {
  return messages.flatMap((m) => (m.role === 'user' && m.content.trim() ? [clip(m.content.trim(), PROMPT_CHARS)] : []));
}

/**
 * The user's prompts that fit `budgetChars`: always the first (it usually
 * states the task), then the latest that fit, with a line counting those
 * left out (they are in the session file).
 */
export function promptsWithin(prompts: readonly string[], budgetChars: number): string[] {
  if (!prompts.length) return [];
  const kept = [prompts[0]!];
  let used = prompts[0]!.length;
  const tail: string[] = [];
  for (let i = prompts.length - 1; i >= 1; i--) {
    if (used + prompts[i]!.length > budgetChars) break;
    used += prompts[i]!.length;
    tail.unshift(prompts[i]!);
  }
  const left = prompts.length - 1 - tail.length;
  return left ? [...kept, `(${left} more ${left === 1 ? 'prompt' : 'prompts'} in the session file)`, ...tail] : [...kept, ...tail];
}

/** The summary lug keeps: the model's (or a hook's), then the user's words and the pinned facts verbatim. */
export function keptSummary(written: string, prompts: readonly string[], pinned: readonly string[], budgetTokens: number): string {
  const parts = [written.trim()];
  const quoted = promptsWithin(prompts, budgetTokens * CHARS_PER_TOKEN);
  if (quoted.length) parts.push('', "## The user's messages, verbatim (kept by lug)", '', ...quoted.map((p) => `> ${p.replace(/\n/g, '\n> ')}\n`));
  if (pinned.length) parts.push('', '## Pinned facts', '', ...pinned.map((f) => `- ${f}`));
  return parts.join('\n').trimEnd();
}
