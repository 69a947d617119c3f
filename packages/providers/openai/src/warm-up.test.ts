// What is the OpenAI provider's own in its warm-up (which wire it takes); what every provider's warm() owes (the
// loopback only, no key, never a failure) is in @lug/testing's provider contract, run for both wires
// (openai-provider.test.ts, responses.test.ts).
import { scriptedServers, watchFetch, watchPreconnect } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveCompat } from './compat.js';
import { createOpenAIProvider } from './openai-provider.js';
import { CHAT_WARM_UP_STREAM, RESPONSES_WARM_UP_STREAM, warmUp } from './warm-up.js';

const servers = scriptedServers();
afterEach(() => servers.closeAll());

/** The paths of the requests `provider.warm(model)` makes. */
async function warmedPaths(api: 'chat' | 'responses', model: string): Promise<string[]> {
  const s = await servers.start([]);
  const provider = createOpenAIProvider({ apiKey: 'k', baseURL: s.openaiBaseUrl, compat: { api } });
  const watch = watchFetch();
  try {
    await provider.warm!(model);
  } finally {
    watch.restore();
  }
  return watch.seen.map((r) => new URL(r.url).pathname);
}

describe('the OpenAI provider warms up on the loopback', () => {
  it("asks the fetch its requests go through to open their connection ahead, when that fetch can (the lug binary's)", async () => {
    const s = await servers.start([]);
    const watch = watchPreconnect();
    try {
      await createOpenAIProvider({ apiKey: 'k', baseURL: s.openaiBaseUrl }).warm!('gpt-test');
    } finally {
      watch.restore();
    }
    expect(watch.asked).toEqual([s.openaiBaseUrl]);
  });

  it('reads a Responses answer and a Chat Completions answer through the SDK and lug conversion as a model answer', async () => {
    const sdk = await import('openai');
    expect(await warmUp(sdk, 'gpt-x', resolveCompat('https://api.openai.com/v1', 'gpt-x'))).toBe('ok');
    expect(await warmUp(sdk, 'llama3', resolveCompat('http://127.0.0.1:11434/v1', 'llama3'))).toBe('ok');
  });

  it('takes the wire the model uses: Chat Completions or Responses', async () => {
    expect(await warmedPaths('chat', 'some-model')).toEqual(['/chat/completions']);
    expect(await warmedPaths('responses', 'gpt-x')).toEqual(['/responses']);
  });

  it('streams the events each API streams, in its order', () => {
    expect([...RESPONSES_WARM_UP_STREAM.body.matchAll(/^event: (\S+)$/gm)].map((m) => m[1])).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta',
      'response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed',
    ]);
    expect(CHAT_WARM_UP_STREAM.body.trimEnd().split('\n\n').at(-1)).toBe('data: [DONE]');
  });
});
