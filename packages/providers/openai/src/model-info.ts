/**
 * What a server says of a model: its context window and what it can take,
 * read from where each local server offers it — Ollama `POST /api/show`,
 * llama.cpp `GET /props`, vLLM's `max_model_len` in `GET /v1/models`, LM
 * Studio `GET /api/v0/models` — or, for a server of unknown kind, from
 * whichever of those answers. Probes run only when asked, under one short
 * time limit; whatever fails or does not answer is unknown, never an error.
 */
import type { ModelInfo } from '@lug/core';
import type { Preset } from './compat-presets.js';

export interface ProbeOptions {
  /** The OpenAI-compatible base URL (…/v1). */
  baseURL: string;
  apiKey?: string;
  /** The whole probe's limit. */
  timeoutMs: number;
  signal?: AbortSignal;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

/** Bodies bigger than this are not read (a model list, a model card: a few kB). */
const MAX_BODY = 4 * 1024 * 1024;

/** The server's root: the base URL without its trailing /v1. */
export function serverRoot(baseURL: string): string {
  return baseURL.replace(/\/+$/, '').replace(/\/v1$/, '');
}

async function getJson(url: string, opts: ProbeOptions, signal: AbortSignal, body?: unknown): Promise<Obj | undefined> {
  try {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
    if (!res.ok) {
      await res.body?.cancel();
      return undefined;
    }
    const text = await res.text();
    if (text.length > MAX_BODY) return undefined;
    const value: unknown = JSON.parse(text);
    return isObj(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function listEntry(list: Obj | undefined, model: string): Obj | undefined {
  const data = list?.data;
  return Array.isArray(data) ? (data.find((m) => isObj(m) && m.id === model) as Obj | undefined) : undefined;
}

function info(fields: ModelInfo): ModelInfo | undefined {
  const out: ModelInfo = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (out as Obj)[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** Ollama: the context the model runs with (`num_ctx` in its parameters), else the one it was trained for; capabilities. */
export function fromOllamaShow(show: Obj | undefined): ModelInfo | undefined {
  if (!show) return undefined;
  const params = typeof show.parameters === 'string' ? /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(show.parameters) : null;
  const modelInfo = isObj(show.model_info) ? show.model_info : {};
  const trained = Object.entries(modelInfo).find(([k]) => k.endsWith('.context_length'))?.[1];
  const caps = Array.isArray(show.capabilities) ? show.capabilities : undefined;
  return info({
    contextWindow: (params ? positive(Number(params[1])) : undefined) ?? positive(trained),
    images: caps ? caps.includes('vision') : undefined,
    reasoning: caps ? caps.includes('thinking') : undefined,
  });
}

/** llama.cpp: the context each slot holds, and whether a vision projector is loaded. */
export function fromLlamaProps(props: Obj | undefined): ModelInfo | undefined {
  if (!props) return undefined;
  const settings = isObj(props.default_generation_settings) ? props.default_generation_settings : {};
  const modalities = isObj(props.modalities) ? props.modalities : {};
  return info({
    contextWindow: positive(settings.n_ctx) ?? positive(props.n_ctx),
    images: typeof modalities.vision === 'boolean' ? modalities.vision : undefined,
  });
}

/** vLLM's model list: `max_model_len`, the context the server was started with. */
export function fromVllmModel(entry: Obj | undefined): ModelInfo | undefined {
  return entry ? info({ contextWindow: positive(entry.max_model_len) }) : undefined;
}

/** LM Studio's model list: the loaded context if the model is loaded, else its maximum; `vlm` models take images. */
export function fromLmStudioModel(entry: Obj | undefined): ModelInfo | undefined {
  if (!entry) return undefined;
  return info({
    contextWindow: positive(entry.loaded_context_length) ?? positive(entry.max_context_length),
    images: typeof entry.type === 'string' ? entry.type === 'vlm' : undefined,
    reasoning: Array.isArray(entry.capabilities) && entry.capabilities.includes('reasoning') ? true : undefined,
  });
}

type Probe = (model: string, opts: ProbeOptions, signal: AbortSignal) => Promise<ModelInfo | undefined>;

const PROBES: Record<Exclude<Preset['probe'], false | 'detect'>, Probe> = {
  ollama: async (model, opts, signal) => fromOllamaShow(await getJson(`${serverRoot(opts.baseURL)}/api/show`, opts, signal, { model })),
  'llama.cpp': async (_model, opts, signal) => fromLlamaProps(await getJson(`${serverRoot(opts.baseURL)}/props`, opts, signal)),
  vllm: async (model, opts, signal) => fromVllmModel(listEntry(await getJson(`${opts.baseURL.replace(/\/+$/, '')}/models`, opts, signal), model)),
  lmstudio: async (model, opts, signal) => fromLmStudioModel(listEntry(await getJson(`${serverRoot(opts.baseURL)}/api/v0/models`, opts, signal), model)),
};

/** A server of unknown kind: its model list tells vLLM and llama.cpp apart; then Ollama's and LM Studio's own routes are tried. */
const detect: Probe = async (model, opts, signal) => {
  const entry = listEntry(await getJson(`${opts.baseURL.replace(/\/+$/, '')}/models`, opts, signal), model);
  if (entry && positive(entry.max_model_len)) return fromVllmModel(entry);
  if (entry && (entry.owned_by === 'llamacpp' || isObj(entry.meta))) return PROBES['llama.cpp'](model, opts, signal);
  return (await PROBES.ollama(model, opts, signal)) ?? (await PROBES.lmstudio(model, opts, signal));
};

/** What the server says of `model`; undefined when it says nothing, fails, or is slower than `timeoutMs`. */
export async function probeModelInfo(kind: Preset['probe'], model: string, opts: ProbeOptions): Promise<ModelInfo | undefined> {
  if (kind === false) return undefined;
  const signal = opts.signal ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]) : AbortSignal.timeout(opts.timeoutMs);
  const probe = kind === 'detect' ? detect : PROBES[kind];
  try {
    return await probe(model, opts, signal);
  } catch {
    return undefined;
  }
}

/** How long a probe that found nothing is remembered before the server is asked again. */
export const UNKNOWN_KEPT_MS = 30_000;

/** A probe asked once per model: what it found is kept; that it found nothing, for UNKNOWN_KEPT_MS. */
export function modelInfoCache(
  probe: (model: string, signal?: AbortSignal) => Promise<ModelInfo | undefined>,
): (model: string, signal?: AbortSignal) => Promise<ModelInfo | undefined> {
  const known = new Map<string, { info: Promise<ModelInfo | undefined>; until: number }>();
  return (model, signal) => {
    let entry = known.get(model);
    if (!entry || entry.until < Date.now()) {
      const info = probe(model, signal);
      const kept = (entry = { info, until: Infinity });
      known.set(model, kept);
      void info.then((found) => {
        if (!found) kept.until = Date.now() + UNKNOWN_KEPT_MS;
      });
    }
    return entry.info;
  };
}
