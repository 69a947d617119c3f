/**
 * The OpenAI provider: one package for OpenAI's two wires through the `openai`
 * SDK — the Responses API (OpenAI's own endpoint, by default) and Chat
 * Completions (every compatible server: Azure, DeepSeek, Mistral, Groq, xAI,
 * Ollama, llama.cpp, vLLM, LM Studio) — with lug's bounded retries instead of
 * the SDK's own. Which wire, and what each endpoint and model accepts, is the
 * compatibility record's (compat.ts), read for every request. The SDK is
 * imported on the first request, so starting lug does not pay for it.
 */
import {
  DEFAULT_RETRY,
  ProviderError,
  fetchOf,
  preconnectThrough,
  eventsOrWhatCameInstead,
  stallGuarded,
  streamIdleMs,
  streamWithRetries,
  type Env,
  type ModelInfo,
  type ModelRequest,
  type Provider,
  type ProviderClientOptions,
  type ProviderContext,
  type ProviderEvent,
  type ProviderFactory,
} from '@lug/core';
import { fromChatStream } from './chat-stream.js';
import { toChatParams } from './chat-request.js';
import { envCompatTable, parseUserCompat, resolveCompat, serverKind, type OpenAICompat, type UserCompat } from './compat.js';
import { PRESETS } from './compat-presets.js';
import { modelInfoCache, probeModelInfo } from './model-info.js';
import { openaiServer } from './not-a-stream.js';
import { sdkClient, type SdkClient } from './openai-client.js';
import { errorFieldsOf, isContextWindowError, toProviderError } from './openai-errors.js';
import { toResponsesParams } from './responses-request.js';
import { fromResponsesStream } from './responses-stream.js';
import { warmUp } from './warm-up.js';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Sent as the key to servers that need none: the SDK refuses to start without one. */
export const PLACEHOLDER_API_KEY = 'no-key-needed';
/** The option holding the user's compatibility table. */
export const COMPAT_OPTION = 'openai_compat';
/** How long asking a server what a model is may take, in all. */
export const MODEL_INFO_TIMEOUT_MS = 1_500;

export interface OpenAIProviderOptions extends ProviderClientOptions {
  /** Required for OpenAI itself; optional for a compatible server at `baseURL`. */
  apiKey?: string;
  /** Default: https://api.openai.com/v1 */
  baseURL?: string;
  /** Compatibility settings over the endpoint's defaults: a table like lug.opt.openai_compat's (snake_case fields). */
  compat?: unknown;
  /** What errors in `compat` call it. Default: "compat". */
  compatSource?: string;
  /** Where lug.opt.openai_compat is read from, per request. */
  context?: ProviderContext;
}

export const MISSING_KEY_MESSAGE =
  'OPENAI_API_KEY is not set: set it to your OpenAI API key, or set OPENAI_BASE_URL to an OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio), which needs no key';

/** The user's table from lug.opt.openai_compat, checked once per value it takes. */
function optionReader(context: ProviderContext | undefined): () => UserCompat {
  let seen: unknown;
  let parsed: UserCompat = { settings: {}, models: [] };
  return () => {
    const value = context?.option(COMPAT_OPTION) ?? null;
    if (value !== seen) {
      parsed = parseUserCompat(value, `lug.opt.${COMPAT_OPTION}`);
      seen = value;
    }
    return parsed;
  };
}

/** Where a provider's requests go: the SDK's client for the server at `baseURL`, and each model's compatibility record, read per request. */
interface Endpoint {
  client: SdkClient;
  baseURL: string;
  compatFor: (model: string) => OpenAICompat;
}

/** One try at `request` (streamWithRetries makes the others), on the wire the model's compatibility record names. */
async function* attempt({ client, baseURL, compatFor }: Endpoint, request: ModelRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
  const compat = compatFor(request.model);
  const ctx = { signal, baseURL, official: compat.server === 'openai' };
  client.forgetUnreadable();
  try {
    const openai = await client.get();
    if (compat.api === 'responses') {
      const { data: events, response } = await openai.responses.create(toResponsesParams(request, compat), { signal }).withResponse();
      yield* fromResponsesStream(eventsOrWhatCameInstead(events, response, signal, openaiServer(ctx.official)), signal, ctx.official);
    } else {
      const { data: chunks, response } = await openai.chat.completions.create(toChatParams(request, compat), { signal }).withResponse();
      yield* fromChatStream(eventsOrWhatCameInstead(chunks, response, signal, openaiServer(ctx.official)), signal, ctx.official);
    }
  } catch (err) {
    const sdk = client.sdk();
    const error = toProviderError(err, sdk, ctx, client.unreadable);
    // A conversation too long for the model is a way of stopping, which the loop answers (compact), not a failure.
    const fields = sdk && err instanceof sdk.APIError ? errorFieldsOf(err.error ?? err.message, err.status) : undefined;
    if (error.kind === 'bad_request' && fields && isContextWindowError(fields)) {
      yield { type: 'stop', reason: 'context_window', detail: fields.message };
      return;
    }
    throw error;
  }
}

/** Provider.modelInfo: what the model's compatibility record says of it, under what its server says (asked once per model: modelInfoCache). */
function modelInfoLookup({ baseURL, compatFor }: Endpoint, apiKey: string | undefined): (model: string, signal?: AbortSignal) => Promise<ModelInfo | undefined> {
  const probed = modelInfoCache((model, signal) =>
    probeModelInfo(PRESETS[compatFor(model).server].probe, model, { baseURL, apiKey, timeoutMs: MODEL_INFO_TIMEOUT_MS, signal }),
  );
  return async function modelInfo(model: string, signal?: AbortSignal): Promise<ModelInfo | undefined> {
    const compat = compatFor(model);
    const merged: ModelInfo = {
      ...(compat.images !== undefined ? { images: compat.images } : {}),
      ...(compat.reasoning !== undefined ? { reasoning: compat.reasoning } : {}),
      ...(await probed(model, signal)),
    };
    return Object.keys(merged).length ? merged : undefined;
  };
}

export function createOpenAIProvider(options: OpenAIProviderOptions): Provider {
  const baseURL = options.baseURL || DEFAULT_OPENAI_BASE_URL;
  const given = parseUserCompat(options.compat, options.compatSource ?? 'compat');
  const fromOption = optionReader(options.context);
  const users = () => [given, fromOption()];
  const compatFor = (model: string): OpenAICompat => resolveCompat(baseURL, model, ...users());
  const official = () => serverKind(baseURL, ...users()) === 'openai';
  if (!options.apiKey && official()) throw new ProviderError(MISSING_KEY_MESSAGE, 'config');

  const client = sdkClient({
    apiKey: options.apiKey || PLACEHOLDER_API_KEY,
    baseURL,
    // Azure takes its key in api-key; its v1 endpoint also takes the bearer token.
    apiKeyHeader: serverKind(baseURL, given) === 'azure' && !!options.apiKey,
    timeoutMs: options.timeoutMs,
    preload: options.preload,
  });

  const endpoint: Endpoint = { client, baseURL, compatFor };

  return {
    name: 'openai',
    stream(request, signal) {
      const open = stallGuarded((attemptSignal) => attempt(endpoint, request, attemptSignal), signal, streamIdleMs(options.idleTimeoutMs, options.context));
      return streamWithRetries(open, signal, options.retry ?? DEFAULT_RETRY);
    },
    modelInfo: modelInfoLookup(endpoint, options.apiKey),
    async warm(model = 'warm-up') {
      try {
        // The first request's connection, opened while the user types (when the SDK's fetch can: the lug binary's).
        preconnectThrough(fetchOf(await client.get()), baseURL);
      } catch {
        return; // the first request says why the SDK did not load
      }
      const sdk = client.sdk();
      if (sdk) await warmUp(sdk, model, compatFor(model));
    },
  };
}

/**
 * Builds the provider from OPENAI_API_KEY and OPENAI_BASE_URL (with a base
 * URL, no key is needed), LUG_OPENAI_COMPAT / LUG_OPENAI_SERVER /
 * LUG_OPENAI_API, and lug.opt.openai_compat through the context.
 */
export const openaiProvider: ProviderFactory = {
  name: 'openai',
  create(env: Env, context?: ProviderContext): Provider {
    const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
    const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
    if (!apiKey && !baseURL) throw new ProviderError(MISSING_KEY_MESSAGE, 'config');
    return createOpenAIProvider({ apiKey, baseURL, preload: true, context, compat: envCompatTable(env), compatSource: 'LUG_OPENAI_COMPAT' });
  },
};
