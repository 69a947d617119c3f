import { describe, expect, it } from 'vitest';
import { envCompatTable, matchesModel, parseUserCompat, resolveCompat } from './compat.js';

const none = { settings: {}, models: [] };

describe('the compatibility record', () => {
  it.each([
    ['https://api.openai.com/v1', 'gpt-5', 'openai', 'responses', 'max_completion_tokens', true, false],
    ['https://myres.openai.azure.com/openai/v1', 'my-gpt5-deployment', 'azure', 'chat', 'max_completion_tokens', true, false],
    ['https://api.deepseek.com', 'deepseek-reasoner', 'deepseek', 'chat', 'max_tokens', true, 'reasoning_content'],
    ['https://api.mistral.ai/v1', 'magistral-medium-latest', 'mistral', 'chat', 'max_tokens', false, false],
    ['https://api.groq.com/openai/v1', 'openai/gpt-oss-120b', 'groq', 'chat', 'max_completion_tokens', true, false],
    ['https://api.x.ai/v1', 'grok-4', 'xai', 'chat', 'max_completion_tokens', true, false],
    ['http://127.0.0.1:11434/v1', 'qwen3-coder', 'generic', 'chat', 'max_tokens', true, 'reasoning_content'],
    ['http://gateway.internal/v1', 'gpt-5', 'generic', 'chat', 'max_tokens', true, 'reasoning_content'],
  ])('for %s (%s) is %s: %s, %s, stream_options %s, reasoning back in %s', (url, model, server, api, cap, streamUsage, sendReasoning) => {
    expect(resolveCompat(url, model, none)).toMatchObject({ server, api, maxTokensField: cap, streamUsage, sendReasoning });
  });

  it("takes a kind's own settings when the user names it, whatever the host", () => {
    expect(resolveCompat('http://127.0.0.1:8000/v1', 'm', parseUserCompat({ server: 'mistral' }, 'x'))).toMatchObject({ server: 'mistral', streamUsage: false, sendReasoning: false });
    expect(resolveCompat('http://127.0.0.1:11434/v1', 'm', parseUserCompat({ server: 'ollama' }, 'x'))).toMatchObject({ server: 'ollama', sendReasoning: 'reasoning' });
  });

  it('knows which OpenAI models reason and which take images', () => {
    expect(resolveCompat('https://api.openai.com/v1', 'gpt-5-codex', none)).toMatchObject({ reasoning: true, reasoningSummary: 'auto', images: true });
    expect(resolveCompat('https://api.openai.com/v1', 'gpt-4.1-mini', none)).toMatchObject({ reasoning: false, reasoningEffort: false, reasoningSummary: false });
    expect(resolveCompat('https://api.openai.com/v1', 'gpt-3.5-turbo', none)).toMatchObject({ images: false });
    expect(resolveCompat('https://api.openai.com/v1', 'gpt-5.2', none).reasoningEffort).toMatchObject({ max: 'xhigh', minimal: 'low' });
    expect(resolveCompat('https://api.deepseek.com', 'deepseek-chat', none)).toMatchObject({ reasoning: false, reasoningRequired: false });
  });

  it("puts the user's settings over the defaults: endpoint-wide, then per model; the option over the environment", () => {
    const env = parseUserCompat({ max_tokens_field: 'max_completion_tokens', stream_usage: false }, 'LUG_OPENAI_COMPAT');
    const option = parseUserCompat({ stream_usage: true, models: { 'gpt-5*': { api: 'responses' }, 'gpt-5-mini': { images: false } } }, 'lug.opt.openai_compat');
    expect(resolveCompat('http://gw/v1', 'gpt-5-mini', env, option)).toMatchObject({ maxTokensField: 'max_completion_tokens', streamUsage: true, api: 'responses', images: false });
    expect(resolveCompat('http://gw/v1', 'qwen3', env, option)).toMatchObject({ api: 'chat', streamUsage: true });
  });

  it('reads reasoning_effort as a table from thinking levels to what is sent, or false', () => {
    const user = parseUserCompat({ reasoning_effort: { high: 'max', low: 'low' } }, 'x');
    expect(resolveCompat('http://gw/v1', 'm', user).reasoningEffort).toEqual({ high: 'max', low: 'low' });
    expect(resolveCompat('http://gw/v1', 'm', parseUserCompat({ reasoning_effort: false }, 'x')).reasoningEffort).toBe(false);
  });
});

describe("a user's table", () => {
  it('refuses an unknown field, naming the fields', () => {
    expect(() => parseUserCompat({ max_token_field: 'max_tokens' }, 'lug.opt.openai_compat')).toThrow(
      'lug.opt.openai_compat: unknown field "max_token_field"; the fields are: server, api, max_tokens_field, stream_usage, send_reasoning, reasoning_required, reasoning_effort, reasoning, reasoning_summary, images, models',
    );
  });

  it('refuses a bad value, saying what is allowed', () => {
    expect(() => parseUserCompat({ max_tokens_field: 'max_output_tokens' }, 'lug.opt.openai_compat')).toThrow(
      'lug.opt.openai_compat.max_tokens_field must be "max_completion_tokens", "max_tokens", got "max_output_tokens"',
    );
    expect(() => parseUserCompat({ stream_usage: 'no' }, 'x')).toThrow('x.stream_usage must be true or false, got "no"');
    expect(() => parseUserCompat({ server: 'openrouter' }, 'x')).toThrow(/x\.server must be one of "openai", "azure", .*"generic", got "openrouter"/);
    expect(() => parseUserCompat({ reasoning_effort: { extreme: 'x' } }, 'x')).toThrow(/x\.reasoning_effort must be false, or a table from thinking levels/);
    expect(() => parseUserCompat({ models: { 'gpt-5*': { server: 'openai' } } }, 'x')).toThrow('x.models["gpt-5*"]: unknown field "server"; the fields are: api,');
    expect(() => parseUserCompat({ models: ['gpt-5'] }, 'x')).toThrow(/x\.models must be a table from model names/);
    expect(() => parseUserCompat('responses', 'x')).toThrow('x must be a table of settings, got "responses"');
  });

  it('from the environment: LUG_OPENAI_COMPAT as JSON, LUG_OPENAI_SERVER and LUG_OPENAI_API over it', () => {
    expect(envCompatTable({})).toBeUndefined();
    expect(envCompatTable({ LUG_OPENAI_COMPAT: '{"stream_usage":false,"api":"chat"}', LUG_OPENAI_API: 'responses', LUG_OPENAI_SERVER: 'vllm' })).toEqual({
      stream_usage: false,
      api: 'responses',
      server: 'vllm',
    });
    expect(() => envCompatTable({ LUG_OPENAI_COMPAT: '{stream_usage: false}' })).toThrow(/^LUG_OPENAI_COMPAT is not JSON \(.*\); write it as a JSON object/);
    expect(() => envCompatTable({ LUG_OPENAI_API: 'completions' })).toThrow('LUG_OPENAI_API must be "responses" or "chat", got "completions"');
    expect(() => envCompatTable({ LUG_OPENAI_SERVER: 'ollamaa' })).toThrow(/^LUG_OPENAI_SERVER must be one of /);
  });
});

describe('model patterns', () => {
  it('match whole names, * any text, either case', () => {
    expect(matchesModel('gpt-5*', 'gpt-5-mini')).toBe(true);
    expect(matchesModel('gpt-5*', 'GPT-5')).toBe(true);
    expect(matchesModel('gpt-5', 'gpt-5-mini')).toBe(false);
    expect(matchesModel('*codex*', 'gpt-5.1-codex-max')).toBe(true);
    expect(matchesModel('qwen3.5', 'qwen3x5')).toBe(false);
  });
});
