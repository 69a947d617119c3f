/**
 * lug.opt.thinking as Anthropic request fields, by how the model takes
 * thinking (known-models.json):
 *
 * - adaptive models: `thinking: {type: 'adaptive', display: 'summarized'}`
 *   and `output_config.effort`, the level mapped to the nearest effort the
 *   model accepts (minimal and low → low, medium, high, max). `summarized`
 *   because newer models return empty thinking text by default.
 * - budget models: `thinking: {type: 'enabled', budget_tokens}`.
 *
 * Either way the level's budget is added to lug.opt.max_tokens, capped at the
 * model's output limit: thinking counts toward max_tokens, and the answer
 * keeps its own room (the API also wants max_tokens above a budget; the
 * budget shrinks to fit the cap, at least the API's 1,024).
 *
 * "off" sends nothing: the model's own default. No temperature, top_p or
 * top_k is ever sent, and tool_choice stays automatic, as thinking requires.
 */
import type { ModelRequest, ThinkingLevel } from '@lug/core';
import { knownModel, type Effort } from './known-models.js';

type Level = Exclude<ThinkingLevel, 'off'>;

export const THINKING_BUDGETS: Readonly<Record<Level, number>> = Object.freeze({ minimal: 1024, low: 4096, medium: 10_000, high: 32_000, max: 48_000 });

const MIN_BUDGET = 1024;

const EFFORT_OF: Readonly<Record<Level, Effort>> = Object.freeze({ minimal: 'low', low: 'low', medium: 'medium', high: 'high', max: 'max' });

const EFFORT_ORDER: Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];

/** The effort asked for, or the highest level the model accepts below it. */
function effortFor(level: Level, accepted: Effort[]): Effort {
  const wanted = EFFORT_ORDER.indexOf(EFFORT_OF[level]);
  const fits = accepted.filter((e) => EFFORT_ORDER.indexOf(e) <= wanted);
  return fits.sort((a, b) => EFFORT_ORDER.indexOf(b) - EFFORT_ORDER.indexOf(a))[0] ?? 'low';
}

export interface ThinkingFields {
  max_tokens: number;
  thinking?: { type: 'adaptive'; display: 'summarized' } | { type: 'enabled'; budget_tokens: number };
  output_config?: { effort: Effort };
}

export function thinkingFields(request: Pick<ModelRequest, 'model' | 'maxTokens' | 'thinking'>): ThinkingFields {
  const level = request.thinking;
  if (!level || level === 'off') return { max_tokens: request.maxTokens };
  const model = knownModel(request.model);
  const cap = model.maxOutputTokens ?? Infinity;
  const maxTokens = Math.max(request.maxTokens, Math.min(cap, request.maxTokens + THINKING_BUDGETS[level]));
  if (model.thinking === 'adaptive') {
    return { max_tokens: maxTokens, thinking: { type: 'adaptive', display: 'summarized' }, output_config: { effort: effortFor(level, model.effort ?? ['low', 'medium', 'high']) } };
  }
  const budget = Math.max(MIN_BUDGET, Math.min(THINKING_BUDGETS[level], maxTokens - request.maxTokens));
  return { max_tokens: Math.max(maxTokens, budget + 1), thinking: { type: 'enabled', budget_tokens: budget } };
}
