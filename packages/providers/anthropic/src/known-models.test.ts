import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFAULT_ANTHROPIC_MODEL, costOf } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { anthropicModelInfo, DEPRECATED_MODELS, isKnownModel, PRICES_AS_OF } from './known-models.js';
import table from './known-models.json';

const sdkDir = dirname(createRequire(import.meta.url).resolve('@anthropic-ai/sdk'));

/** The model ids of the bundled SDK's `Model` type, in its order (newest first). */
function sdkModels(): string[] {
  const source = readFileSync(join(sdkDir, 'resources/messages/messages.d.ts'), 'utf8');
  const union = /export type Model =([^;]*);/.exec(source)![1]!;
  return [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('the default model', () => {
  it("is the newest Sonnet of the bundled SDK's own model list", () => {
    expect(DEFAULT_ANTHROPIC_MODEL).toBe(`anthropic/${sdkModels().find((m) => m.startsWith('claude-sonnet-'))}`);
    expect(isKnownModel(DEFAULT_ANTHROPIC_MODEL.slice('anthropic/'.length))).toBe(true);
    expect(DEPRECATED_MODELS).not.toHaveProperty(DEFAULT_ANTHROPIC_MODEL.slice('anthropic/'.length));
  });
});

describe('the deprecation table', () => {
  it("is the bundled SDK's own, model for model and date for date", () => {
    // The SDK does not export it; read the file its messages.create warns from.
    const { DEPRECATED_MODELS: sdk } = createRequire(import.meta.url)(join(sdkDir, 'internal/data/deprecated-models.js')) as { DEPRECATED_MODELS: Record<string, string> };
    expect(Object.fromEntries(Object.entries(DEPRECATED_MODELS).map(([m, d]) => [m, d.endOfLife]))).toEqual(sdk);
  });

  it('names a replacement that is a current model of the table', () => {
    for (const [model, d] of Object.entries(DEPRECATED_MODELS)) {
      const replacement = d.replacement!.replace(/^anthropic\//, '');
      expect(isKnownModel(replacement), `${model} → ${replacement}`).toBe(true);
      expect(DEPRECATED_MODELS).not.toHaveProperty(replacement);
    }
  });
});

describe('the price table', () => {
  it('says where its prices come from and when', () => {
    expect(PRICES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(table.sources.join(' ')).toContain('https://platform.claude.com/docs/en/about-claude/pricing');
  });

  it('prices the default model: Sonnet 5.5 at $2 in, $10 out, $0.10 cache reads, $2.50 cache writes per million', () => {
    const { pricing } = anthropicModelInfo('claude-sonnet-5-5');
    expect(costOf({ inputTokens: 1e6, outputTokens: 1e6, cacheReadTokens: 1e6, cacheWriteTokens: 1e6 }, pricing!)).toBeCloseTo(2 + 10 + 0.1 + 2.5, 10);
  });

  it('knows a model of every line in the SDK list it prices', () => {
    for (const model of Object.keys(table.models)) expect(sdkModels(), model).toContain(model);
  });
});

describe('anthropicModelInfo', () => {
  it('tells what lug knows: images, reasoning, sizes, price, deprecation', () => {
    expect(anthropicModelInfo('claude-sonnet-4-5')).toMatchObject({
      images: true,
      reasoning: true,
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
      deprecation: { endOfLife: 'November 30th, 2026', replacement: 'anthropic/claude-sonnet-5-5' },
    });
  });

  it('takes a model it does not know for a current Claude without a price', () => {
    expect(anthropicModelInfo('claude-next-9')).toEqual({ images: true, reasoning: true });
  });
});
