/**
 * The Provider contract: a model wire protocol behind one streaming function
 * over the neutral message format.
 */
import type { Message, ReasoningPart, Usage } from './messages.js';
import type { ModelPricing } from './pricing.js';
import type { RetryPolicy } from './retry.js';
import type { ToolSpec } from './tool.js';

export interface ModelRequest {
  /** The model's name within its provider ("claude-sonnet-5-5"). */
  model: string;
  system: string;
  messages: Message[];
  tools: ToolSpec[];
  maxTokens: number;
  /** Reasoning effort asked for (`lug.opt.thinking`); unset or 'off': none asked. */
  thinking?: ThinkingLevel;
}

export type ThinkingLevel = 'off' | 'minimal' | 'low' | 'medium' | 'high' | 'max';

/** Every thinking level, from none to the most. */
export const THINKING_LEVELS: readonly ThinkingLevel[] = Object.freeze(['off', 'minimal', 'low', 'medium', 'high', 'max'] as const);

/**
 * Why the model stopped, in one vocabulary for every wire:
 * `max_tokens` (the output cap cut it), `refusal` (the model declined),
 * `content_filter` (the server's filter cut it), `context_window` (the
 * conversation no longer fits), `pause_turn` (the server paused a long turn;
 * send the conversation again to continue).
 */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal' | 'content_filter' | 'context_window' | 'pause_turn' | 'other';

export type ProviderEvent =
  | { type: 'text_delta'; text: string }
  /** Reasoning as it streams, for display; the kept part follows as `reasoning`. */
  | { type: 'reasoning_delta'; text: string }
  /** A finished reasoning part, in its place among the message's parts. */
  | { type: 'reasoning'; part: ReasoningPart }
  /** A complete tool call; emitted once the model has finished its arguments. */
  | { type: 'tool_call'; id: string; name: string; argsText: string }
  | { type: 'usage'; usage: Usage }
  /** `attempt`: the attempt that failed, counting the first request as 1; the next one is `attempt + 1`. */
  | { type: 'retry'; attempt: number; delayMs: number; error: string }
  /** How the answer ended; `detail` is the server's own explanation when it gives one (a refusal's category and words). */
  | { type: 'stop'; reason: StopReason; detail?: string };

/** What lug knows of a model: from a table of known models, or from the server itself (local servers). */
export interface ModelInfo {
  /** Tokens the model's context window holds. */
  contextWindow?: number;
  /** The most tokens it may write in one answer. */
  maxOutputTokens?: number;
  /** Whether user messages may carry images. */
  images?: boolean;
  /** Whether it can reason (extended thinking, reasoning effort). */
  reasoning?: boolean;
  /** What it costs, from the provider's price table; lug.opt.prices overrides it. */
  pricing?: ModelPricing;
  /** Set when the provider has announced the model's end of life. */
  deprecation?: ModelDeprecation;
}

/** A model's end of life, as its provider announced it. */
export interface ModelDeprecation {
  /** The date as the provider wrote it ("November 30th, 2026"). */
  endOfLife: string;
  /** The model to move to, as provider/model ("anthropic/claude-sonnet-5-5"). */
  replacement?: string;
}

export interface Provider {
  readonly name: string;
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
  /** What the provider knows of a model; undefined when it knows nothing. */
  modelInfo?(model: string, signal?: AbortSignal): Promise<ModelInfo | undefined>;
  /**
   * Run the provider's whole request path once (its SDK, the HTTP client,
   * the reading of a streamed answer) against a server of lug's own on the
   * loopback interface (`answerOnLoopback`), with no key, so that the first
   * real request does not run that code cold; the interface calls it while
   * the first prompt is typed, with the model the first turn will ask (the
   * provider's own name for it), so the request takes that model's path.
   * Never rejects.
   */
  warm?(model?: string): Promise<void>;
}

/** What a provider that talks to a server through an SDK takes, besides its key. */
export interface ProviderClientOptions {
  /** The server; each provider documents its default. */
  baseURL?: string;
  /** Default: DEFAULT_RETRY. */
  retry?: RetryPolicy;
  /** Per-request timeout in milliseconds, to the response's headers (the SDKs' default: 10 minutes). */
  timeoutMs?: number;
  /**
   * How long the answer may go without an event, in milliseconds, before its
   * connection is taken as lost (stream-stall.ts); 0: wait for ever. Default:
   * lug.opt.stream_idle_timeout, read per request through the provider's
   * ProviderContext, else 300 s.
   */
  idleTimeoutMs?: number;
  /**
   * Start importing the SDK now, in the background, instead of on the first
   * request: a caller that resolves its provider early (while it reads its
   * configuration) then has it ready. Default false.
   */
  preload?: boolean;
}

export type Env = Record<string, string | undefined>;

/** What a provider may read of lug besides the environment. */
export interface ProviderContext {
  /**
   * The current value of an option (`lug.opt.NAME`), undefined when no such
   * option is defined. Read it per request, so that init.lua and later changes
   * apply to the next request.
   */
  option(name: string): unknown;
}

export interface ProviderFactory {
  /** The prefix of model names this provider serves: "anthropic" in anthropic/claude-sonnet-5-5. */
  name: string;
  /** Build a provider from the environment. Throws ProviderError (kind "config") when a key is missing. */
  create(env: Env, context?: ProviderContext): Provider | Promise<Provider>;
}

/**
 * What went wrong. `protocol`: the server sent something the provider cannot
 * read (a malformed event); sending the same request again would not help, so
 * it is not retried, and its message names the offending event.
 */
export type ProviderErrorKind = 'config' | 'auth' | 'rate_limit' | 'overloaded' | 'server' | 'connection' | 'bad_request' | 'cut' | 'cancelled' | 'protocol';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly kind: ProviderErrorKind,
    readonly status?: number,
    /** The wait the server asked for before a retry (see retryAfterMsOf); streamWithRetries honours it. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Worth another try: the request may succeed unchanged. */
  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'overloaded' || this.kind === 'server' || this.kind === 'connection';
  }
}

/**
 * The kind an HTTP error status means, the same for every model API: 401/403
 * a key problem, 429 a rate limit, 529 overloaded (Anthropic's), other 5xx,
 * 408 and 409 worth a retry, the rest a request that will not succeed as is.
 */
export function providerErrorKindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 529) return 'overloaded';
  if (status >= 500 || status === 408 || status === 409) return 'server';
  return 'bad_request';
}

/** The wait a server asked for, in ms, from `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function retryAfterMsOf(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers?.get('retry-after');
  if (!after) return undefined;
  if (Number.isFinite(Number(after))) return Math.max(0, Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * A client made on first use and shared after: providers import their SDK
 * only when the first request needs it (or, with `preload`, start now in the
 * background). A failed attempt is forgotten, so the next call tries again.
 * The HTTP client is not warmed here: which one a request runs on is the
 * SDK's business (it may be handed a `fetch` of its own), and compiling
 * Node's (~25 ms) for an SDK that does not use it only slows a start; a whole
 * request through the SDK warms what it uses (Provider.warm, warm-fetch.ts).
 */
export function lazyClient<T>(make: () => Promise<T>, preload = false): () => Promise<T> {
  let client: Promise<T> | undefined;
  const get = (): Promise<T> => {
    if (!client) {
      client = make();
      client.catch(() => (client = undefined));
    }
    return client;
  };
  // A failed preload is reported by the first request, which tries again (get handles the rejection).
  if (preload) void get();
  return get;
}

export interface ModelName {
  provider: string;
  model: string;
}

export function parseModelName(name: string): ModelName {
  const slash = name.indexOf('/');
  if (slash <= 0 || slash === name.length - 1) {
    throw new ProviderError(`model "${name}" must be written provider/model, e.g. anthropic/claude-sonnet-5-5 or openai/gpt-5.6-sol`, 'config');
  }
  return { provider: name.slice(0, slash), model: name.slice(slash + 1) };
}

/**
 * The default models: the newest Sonnet in the bundled Anthropic SDK's model
 * list (@anthropic-ai/sdk 1.14.0, `Model`), and the newest GPT-5 model in the
 * bundled openai SDK's (openai 6.49.0, `ChatModel`). A test holds both to the
 * SDKs' lists, so an SDK upgrade that brings a newer model says so.
 */
export const DEFAULT_ANTHROPIC_MODEL = 'anthropic/claude-sonnet-5-5';
export const DEFAULT_OPENAI_MODEL = 'openai/gpt-5.6-sol';

/** The model used when neither --model nor lug.opt.model names one. */
export function defaultModel(env: Env): string | undefined {
  if (env.ANTHROPIC_API_KEY) return DEFAULT_ANTHROPIC_MODEL;
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) return DEFAULT_OPENAI_MODEL;
  return undefined;
}

export const NO_MODEL_MESSAGE =
  'no model is configured: set ANTHROPIC_API_KEY (Anthropic), OPENAI_API_KEY (OpenAI), or OPENAI_BASE_URL for a local OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio), or pass --model provider/model';

export class ProviderRegistry {
  private factories = new Map<string, ProviderFactory>();
  private cache = new Map<string, Promise<Provider>>();

  /** `context` is handed to every factory's `create`. */
  constructor(private readonly context: ProviderContext = { option: () => undefined }) {}

  register(factory: ProviderFactory): void {
    this.factories.set(factory.name, factory);
  }

  names(): string[] {
    return [...this.factories.keys()];
  }

  /** The provider for a provider/model name, created on first use. */
  resolve(modelName: string, env: Env): Promise<{ provider: Provider; model: string }> {
    const { provider: prefix, model } = parseModelName(modelName);
    const factory = this.factories.get(prefix);
    if (!factory) {
      return Promise.reject(
        new ProviderError(`unknown provider "${prefix}" in model "${modelName}"; the providers are: ${this.names().join(', ')}`, 'config'),
      );
    }
    let created = this.cache.get(prefix);
    if (!created) {
      created = Promise.resolve().then(() => factory.create(env, this.context));
      this.cache.set(prefix, created);
      created.catch(() => this.cache.delete(prefix));
    }
    return created.then((provider) => ({ provider, model }));
  }
}
