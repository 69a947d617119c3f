/**
 * The `openai` SDK's client, made on first use: every setting passed
 * explicitly (nothing read from process.env), the SDK's retries off (lug
 * retries), its log kept off the screen, and two gaps filled — the whole body
 * of an error not shaped `{"error": …}` is kept (the SDK drops it and says
 * "no body"), and the data of an event it could not parse is remembered (it
 * logs it, then throws a bare SyntaxError).
 */
import type OpenAI from 'openai';
import { ProviderError, lazyClient } from '@lug/core';

export type Sdk = typeof import('openai');

export interface ClientSettings {
  apiKey: string;
  baseURL: string;
  /** Sent as an api-key header as well (Azure). */
  apiKeyHeader: boolean;
  timeoutMs?: number;
  preload?: boolean;
}

export interface SdkClient {
  get(): Promise<OpenAI>;
  /** The SDK module, once loaded (for its error classes). */
  sdk(): Sdk | undefined;
  /** The data of the last event the SDK could not parse as JSON. */
  unreadable(): string | undefined;
  forgetUnreadable(): void;
}

async function loadSdk(): Promise<Sdk> {
  try {
    return await import('openai');
  } catch (err) {
    throw new ProviderError(`could not load the OpenAI SDK (openai): ${(err as Error).message}; reinstall lug`, 'config');
  }
}

function keepingErrorBodies(sdk: Sdk): Sdk['OpenAI'] {
  return class extends sdk.OpenAI {
    protected override makeStatusError(status: number, error: object, message: string | undefined, headers: Headers) {
      const body: unknown = error ?? message;
      const kept = body !== null && typeof body === 'object' && 'error' in body ? body : body === undefined ? undefined : { error: body };
      return super.makeStatusError(status, kept as object, message, headers);
    }
  };
}

export function sdkClient(settings: ClientSettings): SdkClient {
  let sdk: Sdk | undefined;
  let unreadable: string | undefined;
  const quiet = () => undefined;
  const get = lazyClient(async (): Promise<OpenAI> => {
    sdk = await loadSdk();
    const Client = keepingErrorBodies(sdk);
    return new Client({
      apiKey: settings.apiKey,
      baseURL: settings.baseURL,
      organization: null,
      project: null,
      maxRetries: 0,
      ...(settings.apiKeyHeader ? { defaultHeaders: { 'api-key': settings.apiKey } } : {}),
      logLevel: 'error',
      logger: {
        error: (what: unknown, data: unknown) => {
          if (what === 'Could not parse message into JSON:') unreadable = String(data);
        },
        warn: quiet,
        info: quiet,
        debug: quiet,
      },
      ...(settings.timeoutMs ? { timeout: settings.timeoutMs } : {}),
    });
  }, settings.preload);
  return { get, sdk: () => sdk, unreadable: () => unreadable, forgetUnreadable: () => void (unreadable = undefined) };
}
