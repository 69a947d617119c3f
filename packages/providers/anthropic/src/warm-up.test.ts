// What is the Anthropic provider's own in its warm-up; what every provider's warm() owes (the loopback only, no key,
// never a failure) is in @lug/testing's provider contract, run in anthropic-provider.test.ts.
import { scriptedServers, watchFetch, watchPreconnect } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from './anthropic-provider.js';
import { WARM_UP_STREAM, warmUp } from './warm-up.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

describe('the Anthropic provider warms up on the loopback', () => {
  it('reads the warm-up answer through the SDK and lug conversion as a model answer', async () => {
    const sdk = await import('@anthropic-ai/sdk');
    expect(await warmUp(sdk)).toBe('ok');
  });

  it('posts to the Messages endpoint, as a turn does', async () => {
    const s = await servers.start([]);
    const watch = watchFetch();
    try {
      await createAnthropicProvider({ apiKey: 'k', baseURL: s.anthropicBaseUrl }).warm!('claude-test');
    } finally {
      watch.restore();
    }
    expect(watch.seen.map((r) => new URL(r.url).pathname)).toEqual(['/v1/messages']);
  });

  it('asks the fetch its requests go through to open their connection ahead, when that fetch can (the lug binary\'s)', async () => {
    const s = await servers.start([]);
    const watch = watchPreconnect();
    try {
      await createAnthropicProvider({ apiKey: 'k', baseURL: s.anthropicBaseUrl }).warm!('claude-test');
    } finally {
      watch.restore();
    }
    expect(watch.asked).toEqual([s.anthropicBaseUrl]);
  });

  it('streams the events the Messages API streams, in its order', () => {
    const types = [...WARM_UP_STREAM.body.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(types).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
  });
});
