/**
 * What a model's tokens cost, and the session's cost from its usage. Prices
 * come from each provider's price table (ModelInfo.pricing) and can be
 * overridden, or given for a model no table knows, with `lug.opt.prices`.
 */
import type { Usage } from './messages.js';

/** Prices in US dollars per million tokens. */
export interface TokenPrices {
  input: number;
  output: number;
  /** Input read from the prompt cache; default: the input price. */
  cacheRead?: number;
  /** Input written to the prompt cache; default: the input price. */
  cacheWrite?: number;
}

export interface ModelPricing extends TokenPrices {
  /**
   * Dearer prices for a request whose prompt (input, cache reads and cache
   * writes together) is longer than `aboveTokens`; they then apply to every
   * token of that request, output included.
   */
  longPrompt?: TokenPrices & { aboveTokens: number };
}

/** The cost in US dollars of one request's usage. */
export function costOf(usage: Usage, pricing: ModelPricing): number {
  const prompt = usage.inputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  const p: TokenPrices = pricing.longPrompt && prompt > pricing.longPrompt.aboveTokens ? pricing.longPrompt : pricing;
  const dollars =
    usage.inputTokens * p.input +
    usage.outputTokens * p.output +
    (usage.cacheReadTokens ?? 0) * (p.cacheRead ?? p.input) +
    (usage.cacheWriteTokens ?? 0) * (p.cacheWrite ?? p.input);
  return dollars / 1_000_000;
}

const PRICE_KEYS: Record<string, keyof TokenPrices> = { input: 'input', output: 'output', cache_read: 'cacheRead', cache_write: 'cacheWrite' };

function tokenPrices(value: unknown, where: string): TokenPrices & { aboveTokens?: number } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${where} must be a table of prices`);
  const out: Record<string, number> = {};
  for (const [key, price] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'long_prompt' || (key === 'above_tokens' && where.endsWith('.long_prompt'))) continue;
    const name = PRICE_KEYS[key];
    if (!name) throw new Error(`${where}.${key} is not a price; the prices are ${Object.keys(PRICE_KEYS).join(', ')}${where.endsWith('.long_prompt') ? ', above_tokens' : ', long_prompt'}`);
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) throw new Error(`${where}.${key} must be a number of dollars per million tokens, 0 or more, got ${JSON.stringify(price)}`);
    out[name] = price;
  }
  if (out.input === undefined || out.output === undefined) throw new Error(`${where} needs at least input and output (dollars per million tokens)`);
  return out as unknown as TokenPrices;
}

/**
 * `lug.opt.prices` as written in Lua, checked: a table from provider/model to
 * prices in dollars per million tokens, `{ input = 2, output = 10,
 * cache_read = 0.2, cache_write = 2.5, long_prompt = { above_tokens = 200000,
 * input = 4, output = 15 } }`. Throws an error saying what is wrong.
 */
export function parsePriceTable(value: unknown): Record<string, ModelPricing> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('prices must be a table from "provider/model" to prices');
  const table: Record<string, ModelPricing> = {};
  for (const [model, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!/^[^/\s]+\/\S+$/.test(model)) throw new Error(`prices: "${model}" must be a model written provider/model, e.g. anthropic/claude-sonnet-5-5`);
    const pricing: ModelPricing = tokenPrices(entry, `prices["${model}"]`);
    const long = (entry as Record<string, unknown>).long_prompt;
    if (long !== undefined) {
      const above = (long as Record<string, unknown> | null)?.above_tokens;
      if (typeof above !== 'number' || !Number.isInteger(above) || above < 1) {
        throw new Error(`prices["${model}"].long_prompt.above_tokens must be a whole number of tokens, got ${JSON.stringify(above)}`);
      }
      pricing.longPrompt = { ...tokenPrices(long, `prices["${model}"].long_prompt`), aboveTokens: above };
    }
    table[model] = pricing;
  }
  return table;
}

/** A cost for people: "$0.0123", "$1.23". */
export function formatCost(dollars: number): string {
  return dollars < 1 ? `$${dollars.toFixed(4)}` : `$${dollars.toFixed(2)}`;
}
