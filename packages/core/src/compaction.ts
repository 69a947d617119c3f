/**
 * Compacting a conversation: the older part (all but the last few turns) is
 * replaced, in what is sent, by a summary. before_compact hooks may pin
 * facts, change the focus or the instructions, or write the summary
 * themselves; otherwise the model writes it, to the fixed structure of
 * compaction-prompt.ts. Nothing here writes the session file or changes the
 * session: the caller keeps the Compaction it returns.
 */
import type { Compaction, CompactionReason } from './compaction-record.js';
import { COMPACTION_SYSTEM, keptSummary, summaryRequestText, userPromptsOf } from './compaction-prompt.js';
import type { BeforeCompactInput, HookRegistry } from './hooks.js';
import type { Message, Usage } from './messages.js';
import { ProviderError, type Provider } from './provider.js';
import { keptPartStart } from './tool-output-clearing.js';
import { CHARS_PER_TOKEN } from './token-estimate.js';

export interface CompactInput {
  provider: Provider;
  model: string;
  history: readonly Message[];
  /** The compaction that stands, if any: the new one carries its summary and the user's words on. */
  previous: Compaction | undefined;
  reason: CompactionReason;
  focus?: string;
  /** How many recent turns stay whole (fewer when only fewer are left to keep). */
  keepTurns: number;
  /** The window's tokens and what the context holds now. */
  window: number;
  tokens: number;
  maxTokens: number;
  hooks: HookRegistry;
  signal: AbortSignal;
  addUsage(usage: Usage): void;
  /** Told once the messages to summarise are known, before any hook or request. */
  started?(messages: number): void;
}

/** Why nothing was compacted, in words. */
export class NothingToCompact extends Error {
  override name = 'NothingToCompact';
}

/** Share of the window the summary (the model's words and lug's verbatim parts together) may take. */
const SUMMARY_SHARE = 0.15;
/** Share of the window the summary request's transcript may take. */
const TRANSCRIPT_SHARE = 0.6;

/** Where the messages kept whole begin (see keptPartStart). */
export const keepBoundary = keptPartStart;

async function modelSummary(input: CompactInput, text: string): Promise<string> {
  let summary = '';
  let stop: string | undefined;
  const summaryTokens = Math.max(256, Math.min(input.maxTokens, Math.floor(input.window * SUMMARY_SHARE)));
  for await (const event of input.provider.stream(
    { model: input.model, system: COMPACTION_SYSTEM, messages: [{ role: 'user', content: text }], tools: [], maxTokens: summaryTokens },
    input.signal,
  )) {
    if (event.type === 'text_delta') summary += event.text;
    else if (event.type === 'usage') input.addUsage(event.usage);
    else if (event.type === 'stop') stop = event.reason;
  }
  if (stop === 'context_window') throw new ProviderError('the summary request itself did not fit the model\'s context window', 'bad_request');
  if (!summary.trim()) throw new ProviderError('the model wrote an empty summary', 'protocol');
  return summary;
}

export async function compactConversation(input: CompactInput): Promise<Compaction> {
  const from = input.previous?.keptFrom ?? 0;
  const keptFrom = keepBoundary(input.history, from, input.keepTurns);
  if (keptFrom === undefined) throw new NothingToCompact('there is nothing old enough to compact: only the last turn (or step) would be left');
  const messages = input.history.slice(from, keptFrom);
  input.started?.(messages.length);
  const start: BeforeCompactInput = { reason: input.reason, messages, focus: input.focus, pinned: [...(input.previous?.pinned ?? [])], tokens: input.tokens, window: input.window };
  let hookSummary: string | undefined;
  const shaped = await input.hooks.run('before_compact', start, (current, result) => {
    if (result.summary !== undefined && hookSummary === undefined) hookSummary = result.summary;
    return {
      ...current,
      ...(result.focus !== undefined ? { focus: result.focus } : {}),
      ...(result.instructions !== undefined ? { instructions: result.instructions } : {}),
      pinned: [...current.pinned, ...(result.pinned ?? [])],
    };
  });
  const summaryWords = Math.max(150, Math.floor((input.window * SUMMARY_SHARE * 0.5 * CHARS_PER_TOKEN) / 6));
  const written =
    hookSummary ??
    (await modelSummary(
      input,
      summaryRequestText({
        messages,
        previousSummary: input.previous?.summary,
        focus: shaped.focus,
        instructions: shaped.instructions,
        pinned: shaped.pinned,
        budgetChars: Math.floor(input.window * TRANSCRIPT_SHARE * CHARS_PER_TOKEN),
        summaryWords,
      }),
    ));
  const userPrompts = [...(input.previous?.userPrompts ?? []), ...userPromptsOf(messages)];
  const summary = keptSummary(written, userPrompts, shaped.pinned, Math.floor(input.window * SUMMARY_SHARE * 0.5));
  return {
    summary,
    keptFrom,
    reason: input.reason,
    ...(shaped.focus ? { focus: shaped.focus } : {}),
    userPrompts,
    pinned: shaped.pinned,
    by: hookSummary !== undefined ? 'hook' : 'model',
    tokensBefore: input.tokens,
    tokensAfter: 0,
    created: new Date().toISOString(),
  };
}
