/** One request through fetch, on the loopback, that leaves nothing behind and never fails the caller. */
import { afterEach, describe, expect, it } from 'vitest';
import { answerOnLoopback, warmFetch } from './warm-fetch.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const handles = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap' || r === 'TCPSocketWrap').length;

/** Sockets close a moment after the server that ends them: wait for none, at most 2 s. */
async function noHandlesLeft(): Promise<number> {
  for (let i = 0; i < 100 && handles() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return handles();
}

describe('warmFetch', () => {
  it('makes one request to a server of its own on the loopback and reads its whole answer', async () => {
    const urls: string[] = [];
    let answer = '';
    globalThis.fetch = async (input, init) => {
      urls.push(String(input));
      const response = await realFetch(input, init);
      answer = await response.clone().text();
      return response;
    };
    await warmFetch();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(answer).toContain('event: ping');
  });

  it('leaves no server or connection open', async () => {
    expect(await noHandlesLeft()).toBe(0);
    await warmFetch();
    expect(await noHandlesLeft()).toBe(0);
  });

  it('resolves when the request fails', async () => {
    globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(warmFetch()).resolves.toBeUndefined();
    expect(await noHandlesLeft()).toBe(0);
  });
});

describe('answerOnLoopback', () => {
  it('serves the answer given on 127.0.0.1 while `use` runs, then closes everything', async () => {
    let seen: { url: string; status: number; type: string | null; body: string } | undefined;
    await answerOnLoopback({ contentType: 'text/event-stream', body: 'event: message_stop\ndata: {}\n\n' }, async (baseUrl) => {
      const response = await realFetch(`${baseUrl}/v1/messages`, { method: 'POST', body: '{}' });
      seen = { url: baseUrl, status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    });
    expect(seen).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), status: 200, type: 'text/event-stream', body: 'event: message_stop\ndata: {}\n\n' });
    expect(await noHandlesLeft()).toBe(0);
  });

  it('resolves, and closes the server, when `use` fails', async () => {
    await expect(answerOnLoopback({ contentType: 'text/plain', body: 'x' }, async () => Promise.reject(new Error('the SDK threw')))).resolves.toBeUndefined();
    expect(await noHandlesLeft()).toBe(0);
  });
});
