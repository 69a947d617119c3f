/**
 * What the model SDKs' bundles get where their code names the globals
 * `Headers`, `fetch` and `FormData` (tsup.config.ts injects this file into
 * dist/vendor/anthropic-sdk.cjs and dist/vendor/openai.cjs): lug's requests
 * then never load undici (light-fetch.ts says why and what still does).
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
