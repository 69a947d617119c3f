/** The default models are the SDKs' own: the newest Sonnet and the newest GPT-5 model of the bundled SDKs' model lists. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, defaultModel } from '@lug/core';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/** The string members of `export type NAME = …;` in a .d.ts, in order (the SDKs list the newest first). */
function unionMembers(file: string, name: string): string[] {
  const source = readFileSync(file, 'utf8');
  const union = new RegExp(`export type ${name} =([^;]*);`).exec(source)![1]!;
  return [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('the default models', () => {
  it("are the newest Sonnet of @anthropic-ai/sdk's Model list and the newest GPT-5 model of openai's ChatModel list", () => {
    const anthropic = unionMembers(join(dirname(require.resolve('@anthropic-ai/sdk')), 'resources/messages/messages.d.ts'), 'Model');
    const openai = unionMembers(join(dirname(require.resolve('openai')), 'resources/shared.d.ts'), 'ChatModel');
    expect(DEFAULT_ANTHROPIC_MODEL).toBe(`anthropic/${anthropic.find((m) => /^claude-sonnet-/.test(m))}`);
    expect(DEFAULT_OPENAI_MODEL).toBe(`openai/${openai.find((m) => /^gpt-5(\.\d+)?(-[a-z]+)?$/.test(m))}`);
  });

  it('follow the keys in the environment', () => {
    expect(defaultModel({ ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' })).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(defaultModel({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toBe(DEFAULT_OPENAI_MODEL);
    expect(defaultModel({})).toBeUndefined();
  });
});
