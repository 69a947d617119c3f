/**
 * The OpenAI provider: Chat Completions through the `openai` SDK, streamed,
 * for OpenAI itself and for any OpenAI-compatible server (Ollama, llama.cpp,
 * vLLM, LM Studio), with lug's bounded retries instead of the SDK's own. The
 * SDK is imported on the first request, so starting lug does not pay for it.
 */
import type OpenAI from 'openai';
import {
  DEFAULT_RETRY,
  ProviderError,
  lazyClient,
  streamWithRetries,
  type Env,
  type ModelRequest,
  type Provider,
  type ProviderClientOptions,
  type ProviderEvent,
  type ProviderFactory,
} from '@lug/core';
import { fromOpenAIStream } from './from-openai.js';
import { toProviderError } from './openai-errors.js';
import { toOpenAIParams } from './to-openai.js';

type Sdk = typeof import('openai');

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Sent as the key to servers that need none: the SDK refuses to start without one. */
export const PLACEHOLDER_API_KEY = 'no-key-needed';

export interface OpenAIProviderOptions extends ProviderClientOptions {
  /** Required for OpenAI itself; optional for a compatible server at `baseURL`. */
  apiKey?: string;
  /** Default: https://api.openai.com/v1 */
  baseURL?: string;
}

export const MISSING_KEY_MESSAGE =
  'OPENAI_API_KEY is not set: set it to your OpenAI API key, or set OPENAI_BASE_URL to an OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio), which needs no key';

export function isOfficialApi(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

async function loadSdk(): Promise<Sdk> {
  try {
    return await import('openai');
  } catch (err) {
    throw new ProviderError(`could not load the OpenAI SDK (openai): ${(err as Error).message}; reinstall lug`, 'config');
  }
}

export function createOpenAIProvider(options: OpenAIProviderOptions): Provider {
  const baseURL = options.baseURL || DEFAULT_OPENAI_BASE_URL;
  const official = isOfficialApi(baseURL);
  if (!options.apiKey && official) throw new ProviderError(MISSING_KEY_MESSAGE, 'config');
  let sdk: Sdk | undefined;
  const getClient = lazyClient(async (): Promise<OpenAI> => {
    sdk = await loadSdk();
    // Every setting is passed explicitly so the SDK reads nothing from process.env behind lug's back.
    return new sdk.OpenAI({
      apiKey: options.apiKey || PLACEHOLDER_API_KEY,
      baseURL,
      organization: null,
      project: null,
      maxRetries: 0,
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
  }, options.preload);

  async function* attempt(request: ModelRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    try {
      const openai = await getClient();
      const chunks = await openai.chat.completions.create(toOpenAIParams(request, official), { signal });
      yield* fromOpenAIStream(chunks, signal);
    } catch (err) {
      throw toProviderError(err, sdk, { signal, baseURL, official });
    }
  }

  return {
    name: 'openai',
    stream(request, signal) {
      return streamWithRetries(() => attempt(request, signal), signal, options.retry ?? DEFAULT_RETRY);
    },
  };
}

/** Builds the provider from OPENAI_API_KEY and OPENAI_BASE_URL; with a base URL, no key is needed. */
export const openaiProvider: ProviderFactory = {
  name: 'openai',
  create(env: Env): Provider {
    const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
    const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
    if (!apiKey && !baseURL) throw new ProviderError(MISSING_KEY_MESSAGE, 'config');
    return createOpenAIProvider({ apiKey, baseURL, preload: true });
  },
};
