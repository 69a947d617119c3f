/**
 * A compaction as it is kept: the summary that stands, in what is sent, for
 * the messages before `keptFrom`; the session file holds it as a record
 * beside every original message.
 */
export type CompactionReason = 'threshold' | 'overflow' | 'command';

export interface Compaction {
  /** The text sent in place of the older messages: the model's summary, then the user's words and the pinned facts lug kept verbatim. */
  summary: string;
  /** Index in the session's history of the first message sent whole. */
  keptFrom: number;
  reason: CompactionReason;
  focus?: string;
  /** The user's prompts of every compacted part so far, verbatim (each bounded), for the next compaction to carry on. */
  userPrompts: string[];
  /** Facts a before_compact hook pinned, kept verbatim. */
  pinned: string[];
  /** Who wrote the summary: the model, or a before_compact hook. */
  by: 'model' | 'hook';
  /** Tokens the context held before, and the estimate after. */
  tokensBefore: number;
  tokensAfter: number;
  /** When it happened (ISO). */
  created: string;
}

/** The words that introduce the summary in what is sent, so the model knows what it is reading. */
export const SUMMARY_PREAMBLE =
  '[lug compacted the earlier part of this conversation to save context. What follows is its summary; the messages after it are whole. The session file keeps every original message.]';
