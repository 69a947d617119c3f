/**
 * A connection to a provider opened while the user types the first prompt,
 * so that the first request does not wait for DNS, TCP and TLS (Provider.warm).
 *
 * Whether it can be done is the HTTP client's to say: a `fetch` that can open a
 * connection ahead carries a function under the registry symbol
 * `Symbol.for('lug.fetch.preconnect')`, taking the URL whose host the next
 * request goes to (the lug binary's fetch does: packages/cli/startup/light-agents.ts).
 * Any other fetch (Node's own, one a library user gives an SDK) does not, and
 * nothing happens. It sends nothing: a connection, no request.
 */

/** The registry symbol a preconnecting fetch carries its function under. */
export const PRECONNECT = Symbol.for('lug.fetch.preconnect');

/** Open a connection to `url`'s host through `fetch`, when that fetch can; never throws. */
export function preconnectThrough(fetch: unknown, url: string): void {
  if (typeof fetch !== 'function') return;
  const open = (fetch as { [PRECONNECT]?: unknown })[PRECONNECT];
  if (typeof open !== 'function') return;
  try {
    open(url);
  } catch {
    // the request connects as it always did
  }
}

/** The fetch an SDK client sends its requests with (the official SDKs keep it as `fetch`), or undefined. */
export function fetchOf(client: unknown): unknown {
  return typeof client === 'object' && client !== null ? (client as { fetch?: unknown }).fetch : undefined;
}
