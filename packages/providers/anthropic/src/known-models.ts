/**
 * Anthropic's models as lug knows them (known-models.json: sizes, thinking,
 * prices with their source and date, deprecations), and what a model not in
 * the table is taken to be: a current Claude (images, adaptive thinking), with
 * no known price.
 */
import type { ModelDeprecation, ModelInfo, ModelPricing } from '@lug/core';
import table from './known-models.json';

/** How a model takes thinking: a token budget (before Opus 4.6), or adaptive thinking with an effort level. */
export type ThinkingStyle = 'budget' | 'adaptive';

export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface KnownModel {
  contextWindow?: number;
  maxOutputTokens?: number;
  thinking: ThinkingStyle;
  /** The effort levels an adaptive model accepts, lowest first. */
  effort?: Effort[];
  pricing?: ModelPricing;
}

const MODELS = table.models as Record<string, KnownModel>;
export const DEPRECATED_MODELS: Readonly<Record<string, ModelDeprecation>> = table.deprecated;
export const PRICES_AS_OF: string = table.pricesAsOf;

/** The levels every current adaptive model accepts. */
const DEFAULT_EFFORT: Effort[] = ['low', 'medium', 'high'];

/** The table's entry for a model; a model it does not know is taken to think adaptively. */
export function knownModel(model: string): KnownModel {
  return MODELS[model] ?? { thinking: 'adaptive', effort: DEFAULT_EFFORT };
}

export function isKnownModel(model: string): boolean {
  return Object.hasOwn(MODELS, model);
}

/** What Provider.modelInfo answers: every Claude model takes images and can reason. */
export function anthropicModelInfo(model: string): ModelInfo {
  const known = MODELS[model];
  const deprecation = DEPRECATED_MODELS[model];
  return {
    images: true,
    reasoning: true,
    ...(known?.contextWindow ? { contextWindow: known.contextWindow } : {}),
    ...(known?.maxOutputTokens ? { maxOutputTokens: known.maxOutputTokens } : {}),
    ...(known?.pricing ? { pricing: known.pricing } : {}),
    ...(deprecation ? { deprecation } : {}),
  };
}
