/**
 * The Anthropic provider: the Messages API through @anthropic-ai/sdk, streamed,
 * with lug's bounded retries instead of the SDK's own. The SDK is imported on
 * the first request, so starting lug does not pay for it.
 */
import {
  DEFAULT_RETRY,
  ProviderError,
  eventsOrWhatCameInstead,
  fetchOf,
  lazyClient,
  preconnectThrough,
  stallGuarded,
  streamIdleMs,
  streamWithRetries,
  type Env,
  type ModelRequest,
  type Provider,
  type ProviderClientOptions,
  type ProviderContext,
  type ProviderEvent,
  type ProviderFactory,
} from '@lug/core';
import { ANTHROPIC_SERVER, toProviderError } from './anthropic-errors.js';
import type { AnthropicClient, AnthropicSdk } from './sdk-surface.js';
import { fromAnthropicStream } from './from-anthropic.js';
import { anthropicModelInfo } from './known-models.js';
import { withoutSdkModelWarnings } from './sdk-warnings.js';
import { toAnthropicParams } from './to-anthropic.js';
import { warmUp } from './warm-up.js';

export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicProviderOptions extends ProviderClientOptions {
  apiKey: string;
  /** Default: https://api.anthropic.com */
  baseURL?: string;
  /** Where lug's options are read per request (lug.opt.stream_idle_timeout). */
  context?: ProviderContext;
}

export const MISSING_KEY_MESSAGE =
  'ANTHROPIC_API_KEY is not set: set it to your Anthropic API key (console.anthropic.com → API keys) to use anthropic/… models';

async function loadSdk(): Promise<AnthropicSdk> {
  try {
    return await import('@anthropic-ai/sdk');
  } catch (err) {
    throw new ProviderError(`could not load the Anthropic SDK (@anthropic-ai/sdk): ${(err as Error).message}; reinstall lug`, 'config');
  }
}

export function createAnthropicProvider(options: AnthropicProviderOptions): Provider {
  const baseURL = options.baseURL || DEFAULT_ANTHROPIC_BASE_URL;
  let sdk: AnthropicSdk | undefined;
  // What the SDK logs as an error (the data of an event it could not parse) goes into lug's error message, not to the console.
  let lastSdkError: string | undefined;
  const record = (...args: unknown[]) => {
    // The SDK logs "Could not parse message into JSON:", the event's data, then the raw chunk: the data is what to show.
    if (typeof args[0] === 'string' && args[0].startsWith('Could not parse message into JSON')) lastSdkError = String(args[1]);
    else lastSdkError ??= args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  };
  const logger = { error: record, warn: () => {}, info: () => {}, debug: () => {} };
  const getClient = lazyClient(async (): Promise<AnthropicClient> => {
    sdk = await loadSdk();
    // Every setting is passed explicitly so the SDK reads nothing from process.env behind lug's back.
    return new sdk.Anthropic({ apiKey: options.apiKey, baseURL, maxRetries: 0, logger, logLevel: 'error', ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}) });
  }, options.preload);

  async function* attempt(request: ModelRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    lastSdkError = undefined;
    try {
      const anthropic = await getClient();
      const params = toAnthropicParams(request);
      const { data: events, response } = await withoutSdkModelWarnings(() => anthropic.messages.create(params, { signal }).withResponse());
      yield* fromAnthropicStream(eventsOrWhatCameInstead(events, response, signal, ANTHROPIC_SERVER), signal, request.model);
    } catch (err) {
      throw toProviderError(err, sdk, signal, baseURL, () => lastSdkError);
    }
  }

  return {
    name: 'anthropic',
    stream(request, signal) {
      const open = stallGuarded((attemptSignal) => attempt(request, attemptSignal), signal, streamIdleMs(options.idleTimeoutMs, options.context));
      return streamWithRetries(open, signal, options.retry ?? DEFAULT_RETRY);
    },
    async modelInfo(model) {
      return anthropicModelInfo(model);
    },
    async warm(model) {
      let client: AnthropicClient;
      try {
        client = await getClient();
      } catch {
        return; // the first request says why the SDK did not load
      }
      // The first request's connection, opened while the user types (when the SDK's fetch can: the lug binary's).
      preconnectThrough(fetchOf(client), baseURL);
      if (sdk) await warmUp(sdk, model);
    },
  };
}

/** Builds the provider from ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL. */
export const anthropicProvider: ProviderFactory = {
  name: 'anthropic',
  create(env: Env, context?: ProviderContext): Provider {
    const apiKey = env.ANTHROPIC_API_KEY?.trim();
    if (!apiKey) throw new ProviderError(MISSING_KEY_MESSAGE, 'config');
    return createAnthropicProvider({ apiKey, baseURL: env.ANTHROPIC_BASE_URL?.trim() || undefined, preload: true, context });
  },
};
