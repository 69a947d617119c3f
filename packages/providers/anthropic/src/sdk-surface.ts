/**
 * What lug uses of @anthropic-ai/sdk: a client's `messages`, and the error
 * classes it tells apart. The binary ships only this much of the SDK
 * (packages/cli/startup/vendor/anthropic-sdk.ts: a quarter of its code,
 * which `lug -p` deserializes on its way to the first request), and the type
 * check (tools/typecheck.mjs) holds that bundle to this type: the provider
 * reaches for nothing else without saying so here.
 */
import type { default as Anthropic, ClientOptions } from '@anthropic-ai/sdk';

/** A client: only its Messages API. */
export type AnthropicClient = Pick<Anthropic, 'messages'>;

/** The SDK as the provider loads it. */
export type AnthropicSdk = Pick<typeof import('@anthropic-ai/sdk'), 'APIError' | 'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIUserAbortError'> & {
  Anthropic: new (options: ClientOptions) => AnthropicClient;
};
