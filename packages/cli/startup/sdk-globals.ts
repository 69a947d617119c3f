/**
 * What the model SDKs' bundles get where their code names the globals
 * `Headers`, `fetch` and `FormData`, and `globalThis.ReadableStream`
 * (tsup.config.ts injects this file into dist/vendor/anthropic-sdk.cjs and
 * dist/vendor/openai.cjs): lug's requests then never load undici
 * (light-fetch.ts says why and what still does), and load Node's web streams
 * only once they are sent.
 */
export { LightHeaders as Headers } from './light-headers.js';
export { lightFetch as fetch } from './light-fetch.js';

/** The real globals, under a name the bundles' `globalThis.ReadableStream` (defined as SdkReadableStream) does not match. */
const realGlobals = globalThis as unknown as Record<string, new (...args: unknown[]) => object>;

/**
 * A stand-in for the global class `name` that touches the global only for a
 * value tagged as one of its instances: `value instanceof Stand-in` is false
 * at once for any other value, and `new` makes the global one.
 */
function lookedUpByTag(name: string) {
  const tag = `[object ${name}]`;
  return class {
    constructor(...args: unknown[]) {
      return new realGlobals[name]!(...args);
    }

    static [Symbol.hasInstance](value: unknown): boolean {
      return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === tag && value instanceof realGlobals[name]!;
    }
  };
}

/**
 * The global `FormData`, looked up only when there can be one: every request
 * asks `body instanceof FormData` of its JSON body, and naming the global
 * compiles undici. `new FormData()` (file uploads) makes the global one.
 */
export const FormData = lookedUpByTag('FormData');

/**
 * `globalThis.ReadableStream` as the SDKs' code names it. Every request asks
 * whether its JSON body is one (`isStreamBody`), and Node compiles its web
 * streams at the first look at the global: ~4 ms of the first request before
 * it was sent (CPU profiles of first turns sent with their Enter). The
 * response's body (light-fetch.ts) loads the streams once the request is out.
 */
export const SdkReadableStream = lookedUpByTag('ReadableStream');
