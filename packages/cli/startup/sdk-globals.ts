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

/**
 * The global `FormData`, looked up only when there can be one: every request
 * asks `body instanceof FormData` of its JSON body, and naming the global
 * compiles undici. A value whose tag is not "FormData" is no FormData, so the
 * global is not touched for it; `new FormData()` (file uploads) makes the
 * global one.
 */
export class FormData {
  constructor(...args: unknown[]) {
    return new (globalThis.FormData as new (...a: unknown[]) => object)(...args);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object FormData]' && value instanceof globalThis.FormData;
  }
}

/** The real globals, under a name the bundles' `globalThis.ReadableStream` (defined as SdkReadableStream) does not match. */
const realGlobals = globalThis;

/**
 * `globalThis.ReadableStream` as the SDKs' code names it. Every request asks
 * whether its JSON body is one (`isStreamBody`), and Node compiles its web
 * streams at the first look at the global: ~4 ms of the first request before
 * it was sent (CPU profiles of first turns sent with their Enter). A value
 * whose tag is not "ReadableStream" is no stream, so the global is not touched
 * for it; the response's body (light-fetch.ts) loads the streams once the
 * request is out; `new` makes the global one.
 */
export class SdkReadableStream {
  constructor(...args: unknown[]) {
    return new (realGlobals.ReadableStream as new (...a: unknown[]) => object)(...args);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object ReadableStream]' && value instanceof realGlobals.ReadableStream;
  }
}
