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
