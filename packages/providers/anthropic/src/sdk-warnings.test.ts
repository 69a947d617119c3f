import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectStream, modelRequest, scriptedServers, text } from '@lug/testing';
import { createAnthropicProvider } from './anthropic-provider.js';
import { isSdkModelWarning, withoutSdkModelWarnings } from './sdk-warnings.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());
afterEach(() => vi.restoreAllMocks());

describe("the SDK's model warnings", () => {
  it('are recognised by their words', () => {
    expect(isSdkModelWarning(["The model 'claude-sonnet-4-5' is deprecated and will reach end-of-life on November 30th, 2026\nPlease migrate…"])).toBe(true);
    expect(isSdkModelWarning(["Using Claude with claude-opus-4-6 and 'thinking.type=enabled' is deprecated. Use 'thinking.type=adaptive' instead"])).toBe(true);
    expect(isSdkModelWarning(['something else'])).toBe(false);
  });

  it('never reach the console when a deprecated model streams, while other warnings still do', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await servers.start([text('ok'), text('ok')]);
    // Without lug's guard the SDK does print it: the test would see a regression.
    const { Anthropic } = await import('@anthropic-ai/sdk');
    const bare = new Anthropic({ apiKey: 'k', baseURL: s.anthropicBaseUrl, maxRetries: 0 });
    for await (const _ of await bare.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], stream: true }));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^The model 'claude-sonnet-4-5' is deprecated/));
    warn.mockClear();
    const provider = createAnthropicProvider({ apiKey: 'k', baseURL: s.anthropicBaseUrl });
    const { error } = await collectStream(provider, modelRequest({ model: 'claude-sonnet-4-5', thinking: 'high' }));
    expect(error).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    withoutSdkModelWarnings(() => console.warn('another warning'));
    expect(warn).toHaveBeenCalledWith('another warning');
  });

  it('are dropped only while the call runs', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const inside = console.warn;
    withoutSdkModelWarnings(() => expect(console.warn).not.toBe(inside));
    expect(console.warn).toBe(inside);
    expect(() => withoutSdkModelWarnings(() => { throw new Error('x'); })).toThrow('x');
    expect(console.warn).toBe(inside);
    expect(warn).not.toHaveBeenCalled();
  });
});
