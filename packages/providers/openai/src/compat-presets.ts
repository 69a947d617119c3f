/**
 * What each kind of OpenAI endpoint accepts and sends, as data: one preset a
 * server kind, with per-model rules on top. The sources are the vendors' API
 * references as of 2026-06 (OpenAI, Azure OpenAI, DeepSeek, Mistral, Groq,
 * xAI) and the servers' own documentation (Ollama, llama.cpp, vLLM, LM
 * Studio). A user's settings (lug.opt.openai_compat, LUG_OPENAI_COMPAT) go
 * over these.
 */
import type { CompatSettings, EffortMap, OpenAICompat, ServerKind } from './compat.js';

/** OpenAI's reasoning_effort values; `max` is `high` except on the models that take `xhigh`. */
const OPENAI_EFFORT: EffortMap = { minimal: 'minimal', low: 'low', medium: 'medium', high: 'high', max: 'high' };
/** The three levels most compatible servers take for reasoning models (gpt-oss and the like). */
const THREE_LEVELS: EffortMap = { minimal: 'low', low: 'low', medium: 'medium', high: 'high', max: 'high' };

/** What lug asks of a local server that says nothing of itself: the settings every one of them takes. */
const LOCAL: Omit<OpenAICompat, 'server'> = {
  api: 'chat',
  maxTokensField: 'max_tokens',
  streamUsage: true,
  sendReasoning: 'reasoning_content',
  reasoningRequired: false,
  reasoningEffort: THREE_LEVELS,
  reasoningSummary: false,
};

export interface Preset {
  compat: Omit<OpenAICompat, 'server'>;
  /** Per-model settings, the first matching pattern's first; later rules go over earlier ones. */
  models: Array<[patterns: string[], settings: CompatSettings]>;
  /** Where the server tells what a model is (context window, images), if anywhere. */
  probe: 'ollama' | 'llama.cpp' | 'vllm' | 'lmstudio' | 'detect' | false;
}

export const PRESETS: Record<ServerKind, Preset> = {
  // The Responses API is OpenAI's own for its reasoning models (codex models are served only there);
  // its reasoning models refuse max_tokens on Chat Completions.
  openai: {
    compat: {
      api: 'responses',
      maxTokensField: 'max_completion_tokens',
      streamUsage: true,
      sendReasoning: false,
      reasoningRequired: false,
      reasoningEffort: OPENAI_EFFORT,
      reasoning: true,
      reasoningSummary: 'auto',
      images: true,
    },
    models: [
      [['gpt-4*', 'gpt-3.5*', 'chatgpt-*', 'gpt-5*-chat*'], { reasoning: false, reasoningEffort: false, reasoningSummary: false }],
      [['gpt-3.5*', 'o1-mini*', 'o3-mini*'], { images: false }],
      [['o1*', 'o3*', 'o4*', '*codex*'], { reasoningEffort: { ...OPENAI_EFFORT, minimal: 'low' } }],
      [['gpt-5.1*'], { reasoningEffort: { ...OPENAI_EFFORT, minimal: 'low' } }],
      [['gpt-5.2*', '*codex-max*'], { reasoningEffort: { ...OPENAI_EFFORT, minimal: 'low', max: 'xhigh' } }],
      [['gpt-5-pro*', 'o3-pro*'], { reasoningEffort: { minimal: 'high', low: 'high', medium: 'high', high: 'high', max: 'high' } }],
    ],
    probe: false,
  },
  // Azure's deployments are named by the user, so nothing is known per model; every model there takes max_completion_tokens.
  azure: {
    compat: {
      api: 'chat',
      maxTokensField: 'max_completion_tokens',
      streamUsage: true,
      sendReasoning: false,
      reasoningRequired: false,
      reasoningEffort: OPENAI_EFFORT,
      reasoningSummary: 'auto',
    },
    models: [],
    probe: false,
  },
  // Thinking mode streams reasoning_content and fails a tool-using turn whose assistant messages lack it.
  deepseek: {
    compat: {
      api: 'chat',
      maxTokensField: 'max_tokens',
      streamUsage: true,
      sendReasoning: 'reasoning_content',
      reasoningRequired: true,
      reasoningEffort: { minimal: 'high', low: 'high', medium: 'high', high: 'high', max: 'max' },
      reasoning: true,
      reasoningSummary: false,
      images: false,
    },
    models: [[['deepseek-chat'], { reasoning: false, reasoningRequired: false, reasoningEffort: false }]],
    probe: false,
  },
  // Mistral answers 422 to stream_options (it always sends usage in the last chunk); Magistral sends content as parts.
  mistral: {
    compat: {
      api: 'chat',
      maxTokensField: 'max_tokens',
      streamUsage: false,
      sendReasoning: false,
      reasoningRequired: false,
      reasoningEffort: false,
      reasoningSummary: false,
    },
    models: [[['magistral*'], { reasoning: true }]],
    probe: false,
  },
  // Groq streams reasoning as `reasoning` and refuses fields it does not know in messages.
  groq: {
    compat: {
      api: 'chat',
      maxTokensField: 'max_completion_tokens',
      streamUsage: true,
      sendReasoning: false,
      reasoningRequired: false,
      reasoningEffort: THREE_LEVELS,
      reasoningSummary: false,
    },
    models: [
      [['openai/gpt-oss*'], { reasoning: true }],
      [['qwen*'], { reasoning: true, reasoningEffort: { minimal: 'default', low: 'default', medium: 'default', high: 'default', max: 'default' } }],
    ],
    probe: false,
  },
  // grok-4 reasons without being asked and refuses reasoning_effort; grok-3-mini takes low or high.
  xai: {
    compat: {
      api: 'chat',
      maxTokensField: 'max_completion_tokens',
      streamUsage: true,
      sendReasoning: false,
      reasoningRequired: false,
      reasoningEffort: false,
      reasoningSummary: false,
    },
    models: [
      [['grok-4*', 'grok-code*'], { reasoning: true }],
      [['grok-3-mini*'], { reasoning: true, reasoningEffort: { minimal: 'low', low: 'low', medium: 'low', high: 'high', max: 'high' } }],
    ],
    probe: false,
  },
  // Ollama streams reasoning as `reasoning` and reads it back from the same field.
  ollama: { compat: { ...LOCAL, sendReasoning: 'reasoning' }, models: [], probe: 'ollama' },
  'llama.cpp': { compat: LOCAL, models: [], probe: 'llama.cpp' },
  vllm: { compat: LOCAL, models: [], probe: 'vllm' },
  lmstudio: { compat: LOCAL, models: [], probe: 'lmstudio' },
  generic: { compat: LOCAL, models: [], probe: 'detect' },
};

/**
 * The kind of server a base URL names, by the vendor's host. Any other host
 * (a local server, a gateway) is `generic`: the settings every local server
 * takes; say `server = "vllm"` (or another kind) to get a kind's own.
 */
export function serverOfUrl(baseURL: string): ServerKind {
  let host: string;
  try {
    host = new URL(baseURL).hostname.toLowerCase();
  } catch {
    return 'generic';
  }
  const under = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (host === 'api.openai.com') return 'openai';
  if (under('openai.azure.com') || under('cognitiveservices.azure.com') || under('services.ai.azure.com')) return 'azure';
  if (host === 'api.deepseek.com') return 'deepseek';
  if (under('mistral.ai')) return 'mistral';
  if (host === 'api.groq.com') return 'groq';
  if (host === 'api.x.ai') return 'xai';
  return 'generic';
}
