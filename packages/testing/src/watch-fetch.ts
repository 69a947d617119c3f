import { PRECONNECT } from '@lug/core';

/**
 * Every request the global `fetch` makes, as its URL and all its headers in
 * one text, while still making it: for tests that a provider's warm-up goes
 * only where it should, with no real key. `restore()` puts the real fetch back.
 */
export interface FetchWatch {
  seen: Array<{ url: string; headers: string }>;
  restore(): void;
}

export function watchFetch(): FetchWatch {
  const realFetch = globalThis.fetch;
  const seen: FetchWatch['seen'] = [];
  globalThis.fetch = async (input, init) => {
    seen.push({ url: String(input), headers: JSON.stringify([...new Headers(init?.headers)]) });
    return realFetch(input, init);
  };
  return { seen, restore: () => void (globalThis.fetch = realFetch) };
}

/** What a provider asked of the fetch its SDK took (watchPreconnect). */
export interface PreconnectWatch {
  /** The URLs whose connections it asked to have opened ahead, in order. */
  asked: string[];
  restore(): void;
}

/**
 * The global `fetch` for a while carries a preconnect function (the one
 * @lug/core's preconnectThrough looks for, as the lug binary's fetch does)
 * that only notes the URLs it is given: for tests that a provider's warm-up
 * asks for the first request's connection. An SDK client made meanwhile takes
 * this fetch; its requests still go out. `restore()` puts the real fetch back.
 */
export function watchPreconnect(): PreconnectWatch {
  const realFetch = globalThis.fetch;
  const asked: string[] = [];
  globalThis.fetch = Object.assign((input: string | URL | Request, init?: RequestInit) => realFetch(input, init), { [PRECONNECT]: (url: string) => void asked.push(url) });
  return { asked, restore: () => void (globalThis.fetch = realFetch) };
}
