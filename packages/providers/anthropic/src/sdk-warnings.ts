/**
 * The SDK's own warnings about models, kept off the screen: `messages.create`
 * prints "The model '…' is deprecated and will reach end-of-life on …" (and
 * one about `thinking.type=enabled` on some models) with `console.warn`, on
 * every request, not through the client's `logger`, so no client option turns
 * it off (@anthropic-ai/sdk 1.14.0, src/resources/messages/messages.ts). lug
 * says the same once, in its own words (ModelInfo.deprecation), so these two
 * warnings are dropped while `create` runs; any other warning passes on.
 *
 * The warning is printed synchronously before `create` returns, so console.warn
 * is replaced for that synchronous call only. Gain: no two-line SDK text on
 * stderr or over the interface on every request. It can go when the SDK routes
 * the warning through its `logger` (then the client's logger drops it).
 */

const SDK_MODEL_WARNINGS = [/^The model '[^']*' is deprecated and will reach end-of-life on /, /^Using Claude with \S+ and 'thinking\.type=enabled' is deprecated\./];

export function isSdkModelWarning(args: unknown[]): boolean {
  const first = args[0];
  return typeof first === 'string' && SDK_MODEL_WARNINGS.some((re) => re.test(first));
}

/** Run `call` (synchronous) with the SDK's model warnings dropped. */
export function withoutSdkModelWarnings<T>(call: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!isSdkModelWarning(args)) warn.apply(console, args);
  };
  try {
    return call();
  } finally {
    console.warn = warn;
  }
}
