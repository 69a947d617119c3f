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
  streamWithRetries,
  type Env,
  type ModelRequest,
  type Provider,
  type ProviderEvent,
  type ProviderFactory,
  type RetryPolicy,
} from '@lug/core';
import { fromOpenAIStream } from './from-openai.js';
import { OpenAIProviderError, toProviderError } from './openai-errors.js';
import { toOpenAIParams } from './to-openai.js';

type Sdk = typeof import('openai');

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Sent as the key to servers that need none: the SDK refuses to start without one. */
export const PLACEHOLDER_API_KEY = 'no-key-needed';

export interface OpenAIProviderOptions {
  /** Required for OpenAI itself; optional for a compatible server at `baseURL`. */
  apiKey?: string;
  /** Default: https://api.openai.com/v1 */
  baseURL?: string;
  /** Default: core's DEFAULT_RETRY. */
  retry?: RetryPolicy;
  /** Per-request timeout in milliseconds (the SDK's default: 10 minutes). */
  timeoutMs?: number;
  /**
   * Start importing the SDK now, in the background, instead of on the first
   * request: a caller that resolves its provider early (while it reads its
   * configuration) then has it ready. Default false.
   */
  preload?: boolean;
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
  let client: Promise<OpenAI> | undefined;

  function getClient(): Promise<OpenAI> {
    client ??= loadSdk().then((mod) => {
      sdk = mod;
      // Every setting is passed explicitly so the SDK reads nothing from process.env behind lug's back.
      return new mod.OpenAI({
        apiKey: options.apiKey || PLACEHOLDER_API_KEY,
        baseURL,
        organization: null,
        project: null,
        maxRetries: 0,
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      });
    });
    client.catch(() => (client = undefined));
    return client;
  }
  // A failed preload is reported by the first request, which tries again.
  if (options.preload) getClient().catch(() => undefined);

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
      return streamWithRetries(() => attempt(request, signal), signal, options.retry ?? DEFAULT_RETRY, (e) =>
        e instanceof OpenAIProviderError ? e.retryAfterMs : undefined,
      );
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
