// dist/vendor/anthropic-sdk.cjs: see ../vendor-bundles.ts.
//
// Only what the provider uses (@lug/provider-anthropic's AnthropicSdk): a
// client with its Messages API, and the SDK's error classes. The SDK's own
// `Anthropic` client makes every resource it has (beta, organization, skills…)
// and its entry exports them all: 1,382 KB bundled, against 379 KB for this
// one, whose V8 code cache `lug -p` reads and deserializes before its first
// request (lug -p to its first request, two builds alternated 15 times, each
// with its own caches: 81.2 against 87.9 ms, paired 0.956). `BaseAnthropic` is
// the SDK's client without resources; the type check holds this module to what
// the provider loads (below). Can go when the SDK's entry stops making every
// resource, or when lug runs from Node's compile cache (Node >= 22) and a
// bundle's size no longer decides its start.
import type { AnthropicSdk } from '@lug/provider-anthropic';
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import type * as ThisModule from './anthropic-sdk.js';

export * from '@anthropic-ai/sdk/core/error';

export class Anthropic extends BaseAnthropic {
  messages: Messages = new Messages(this);
}

/** Fails to type-check when the provider asks for more than this bundle has. */
export type ProvidesWhatTheProviderUses = typeof ThisModule extends AnthropicSdk ? true : never;
const provides: ProvidesWhatTheProviderUses = true;
void provides;
