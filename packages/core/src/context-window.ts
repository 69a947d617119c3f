/**
 * How many tokens a model's context window holds: lug.opt.context_window
 * first, then what the provider knows (Anthropic's table of known models, what
 * a local server reports), then a small table of models whose provider does
 * not say, and at last an assumed window, said to be one, so that compaction
 * still happens before a model of unknown size overflows.
 */
import type { ModelInfo } from './provider.js';

export type ContextWindowSource = 'option' | 'provider' | 'table' | 'assumed';

export interface ContextWindow {
  tokens: number;
  source: ContextWindowSource;
}

/** Windows of models whose provider does not report them, from the providers' model pages (provider/model prefixes). */
export const KNOWN_CONTEXT_WINDOWS: ReadonlyArray<readonly [prefix: string, tokens: number]> = Object.freeze([
  ['openai/gpt-5', 400_000],
  ['openai/gpt-4.1', 1_047_576],
  ['openai/gpt-4o', 128_000],
  ['openai/o3', 200_000],
  ['openai/o4', 200_000],
  ['anthropic/claude-', 200_000],
] as const);

/** The window taken for a model nothing knows: small enough that compaction comes before most servers' limits. */
export const ASSUMED_CONTEXT_WINDOW = 128_000;

export function contextWindowOf(modelName: string, info: ModelInfo | undefined, override: number | null | undefined): ContextWindow {
  if (override) return { tokens: override, source: 'option' };
  if (info?.contextWindow && info.contextWindow > 0) return { tokens: info.contextWindow, source: 'provider' };
  const known = KNOWN_CONTEXT_WINDOWS.find(([prefix]) => modelName.startsWith(prefix));
  if (known) return { tokens: known[1], source: 'table' };
  return { tokens: ASSUMED_CONTEXT_WINDOW, source: 'assumed' };
}
