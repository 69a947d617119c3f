import { scriptedServers, text, watchFetch as watchAllFetch } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from './anthropic-provider.js';
import { WARM_UP_STREAM, warmUp } from './warm-up.js';

const servers = scriptedServers();
const realFetch = globalThis.fetch;
/** Every request fetch makes in this test, put back after it. */
const watchFetch = () => watchAllFetch().seen;
afterEach(async () => {
  globalThis.fetch = realFetch;
  await servers.closeAll();
});

describe('the Anthropic provider warms up on the loopback', () => {
  it('reads the warm-up answer through the SDK and lug conversion as a model answer', async () => {
    const sdk = await import('@anthropic-ai/sdk');
    expect(await warmUp(sdk)).toBe('ok');
  });

  it('sends its one request to a server of its own, with no key, never to the configured server', async () => {
    const s = await servers.start([text('never asked')]);
    const provider = createAnthropicProvider({ apiKey: 'the-real-key', baseURL: s.anthropicBaseUrl });
    const seen = watchFetch();
    await provider.warm!();
    expect(seen).toEqual([{ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/messages$/), headers: expect.stringContaining('lug-warm-up') }]);
    expect(seen[0]!.headers).not.toContain('the-real-key');
    expect(seen[0]!.url.startsWith(s.anthropicBaseUrl)).toBe(false);
    expect(s.modelRequests()).toEqual([]);
  });

  it('streams the events the Messages API streams, in its order', () => {
    const types = [...WARM_UP_STREAM.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(types).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
  });

  it('resolves when the SDK fails', async () => {
    const s = await servers.start([]);
    const provider = createAnthropicProvider({ apiKey: 'k', baseURL: s.anthropicBaseUrl });
    globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(provider.warm!()).resolves.toBeUndefined();
  });
});
