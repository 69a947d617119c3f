import { scriptedServers, text, watchFetch as watchAllFetch } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveCompat } from './compat.js';
import { createOpenAIProvider } from './openai-provider.js';
import { CHAT_WARM_UP_STREAM, RESPONSES_WARM_UP_STREAM, warmUp } from './warm-up.js';

const servers = scriptedServers();
const realFetch = globalThis.fetch;
/** Every request fetch makes in this test, put back after it. */
const watchFetch = () => watchAllFetch().seen;
afterEach(async () => {
  globalThis.fetch = realFetch;
  await servers.closeAll();
});

describe('the OpenAI provider warms up on the loopback', () => {
  it('reads a Responses answer and a Chat Completions answer through the SDK and lug conversion as a model answer', async () => {
    const sdk = await import('openai');
    expect(await warmUp(sdk, 'gpt-x', resolveCompat('https://api.openai.com/v1', 'gpt-x'))).toBe('ok');
    expect(await warmUp(sdk, 'llama3', resolveCompat('http://127.0.0.1:11434/v1', 'llama3'))).toBe('ok');
  });

  it('takes the wire of the model it is given: Chat Completions for a compatible server', async () => {
    const s = await servers.start([text('never asked')]);
    const provider = createOpenAIProvider({ apiKey: 'the-real-key', baseURL: s.openaiBaseUrl, compat: { api: 'chat' } });
    const seen = watchFetch();
    await provider.warm!('some-model');
    expect(seen).toEqual([{ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/chat\/completions$/), headers: expect.stringContaining('lug-warm-up') }]);
    expect(seen[0]!.headers).not.toContain('the-real-key');
    expect(seen[0]!.url.startsWith(s.openaiBaseUrl)).toBe(false);
    expect(s.modelRequests()).toEqual([]);
  });

  it('takes the Responses wire where the model uses it', async () => {
    const s = await servers.start([]);
    const provider = createOpenAIProvider({ apiKey: 'k', baseURL: s.openaiBaseUrl, compat: { api: 'responses' } });
    const seen = watchFetch();
    await provider.warm!('gpt-x');
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/responses']);
    expect(s.modelRequests()).toEqual([]);
  });

  it('streams the events each API streams, in its order', () => {
    expect([...RESPONSES_WARM_UP_STREAM.matchAll(/^event: (\S+)$/gm)].map((m) => m[1])).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed',
    ]);
    expect(CHAT_WARM_UP_STREAM.trimEnd().split('\n\n').at(-1)).toBe('data: [DONE]');
  });

  it('resolves when the SDK fails', async () => {
    const s = await servers.start([]);
    const provider = createOpenAIProvider({ apiKey: 'k', baseURL: s.openaiBaseUrl });
    globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(provider.warm!('m')).resolves.toBeUndefined();
  });
});
