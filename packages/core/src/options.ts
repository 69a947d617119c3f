/**
 * One typed, validated options store (`lug.opt` in Lua). Packages define their
 * options with a type, a default and a description; setting an unknown option
 * or a bad value is an error that names the option and what is allowed.
 */
import type { EventBus } from './events.js';
import { parseCompatTable } from './openai-compat-table.js';
import { parsePriceTable, type ModelPricing } from './pricing.js';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, THINKING_LEVELS } from './provider.js';
import { DEFAULT_STREAM_IDLE_SECONDS, STREAM_IDLE_OPTION } from './stream-stall.js';

export interface OptionDef<T = unknown> {
  name: string;
  /** What the value may be, in words, for errors and docs: 'one of "off", "policy", "all"'. */
  allowed: string;
  default: T;
  description: string;
  /**
   * Returns the value to store (possibly normalised), or undefined when it is
   * invalid; it may instead throw an Error whose message says what is wrong.
   */
  parse(value: unknown): T | undefined;
}

export class OptionError extends Error {
  override name = 'OptionError';
}

export function enumOption<T extends string>(name: string, values: readonly T[], def: T, description: string): OptionDef<T> {
  return {
    name,
    allowed: `one of ${values.map((v) => `"${v}"`).join(', ')}`,
    default: def,
    description,
    parse: (v) => (values.includes(v as T) ? (v as T) : undefined),
  };
}

export function integerOption(name: string, min: number, max: number, def: number, description: string): OptionDef<number> {
  return {
    name,
    allowed: `an integer from ${min} to ${max}`,
    default: def,
    description,
    parse: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined),
  };
}

export function stringOption(name: string, def: string | null, description: string): OptionDef<string | null> {
  return {
    name,
    allowed: 'a string, or nil',
    default: def,
    description,
    parse: (v) => (v === null || typeof v === 'string' ? (v as string | null) : undefined),
  };
}

export function functionOption(name: string, description: string): OptionDef<((...args: any[]) => unknown) | null> {
  return {
    name,
    allowed: 'a function, or nil',
    default: null,
    description,
    parse: (v) => (v === null || typeof v === 'function' ? (v as any) : undefined),
  };
}

/** A number from `min` up, or nil (no limit). */
export function limitOption(name: string, min: number, description: string): OptionDef<number | null> {
  return {
    name,
    allowed: `a number from ${min} up, or nil`,
    default: null,
    description,
    parse: (v) => (v === null || (typeof v === 'number' && Number.isFinite(v) && v >= min) ? (v as number | null) : undefined),
  };
}

/** A table of settings (a plain object in JavaScript), or nil; its fields are checked by whoever reads it. */
export function tableOption(name: string, description: string): OptionDef<Record<string, unknown> | null> {
  return {
    name,
    allowed: 'a table, or nil',
    default: null,
    description,
    parse: (v) => (v === null || (typeof v === 'object' && !Array.isArray(v)) ? (v as Record<string, unknown> | null) : undefined),
  };
}

/** lug.opt.openai_compat: a table as tableOption, its fields checked as the OpenAI provider reads them (openai-compat-table.ts). */
function openaiCompatOption(name: string, description: string): OptionDef<Record<string, unknown> | null> {
  const table = tableOption(name, description);
  return {
    ...table,
    parse: (v) => {
      const value = table.parse(v);
      if (value) parseCompatTable(value, name);
      return value;
    },
  };
}

/** A share of something from above 0 up to 1, or false (off). */
export function fractionOption(name: string, def: number | false, description: string): OptionDef<number | false> {
  return {
    name,
    allowed: 'a number above 0 and at most 1 (a share of the context window), or false (off)',
    default: def,
    description,
    parse: (v) => (v === false || (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 1) ? (v as number | false) : undefined),
  };
}

function show(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  return JSON.stringify(value) ?? String(value);
}

export class OptionsStore {
  private defs = new Map<string, OptionDef<any>>();
  private values = new Map<string, unknown>();
  private listeners = new Set<(name: string, value: unknown, previous: unknown) => void>();

  constructor(private events?: EventBus) {}

  define<T>(def: OptionDef<T>): void {
    if (this.defs.has(def.name)) throw new OptionError(`option ${def.name} is already defined`);
    this.defs.set(def.name, def);
  }

  has(name: string): boolean {
    return this.defs.has(name);
  }

  /** Every defined option, in the order they were defined. */
  list(): OptionDef[] {
    return [...this.defs.values()];
  }

  private def(name: string): OptionDef {
    const def = this.defs.get(name);
    if (!def) {
      const known = [...this.defs.keys()].sort().join(', ');
      throw new OptionError(`unknown option "${name}"; the options are: ${known}`);
    }
    return def;
  }

  get<T = unknown>(name: string): T {
    const def = this.def(name);
    return (this.values.has(name) ? this.values.get(name) : def.default) as T;
  }

  set(name: string, value: unknown): void {
    const def = this.def(name);
    let parsed: unknown;
    try {
      parsed = value === undefined ? def.default : def.parse(value);
    } catch (err) {
      throw new OptionError(`option ${name}: ${(err as Error).message}`);
    }
    if (parsed === undefined) {
      throw new OptionError(`option ${name} must be ${def.allowed}, got ${show(value)}`);
    }
    const previous = this.get(name);
    this.values.set(name, parsed);
    if (previous !== parsed) {
      for (const fn of this.listeners) fn(name, parsed, previous);
      this.events?.emit('option_change', { name, value: parsed, previous });
    }
  }

  /** Called after every change. Returns the function that unsubscribes. */
  onChange(fn: (name: string, value: unknown, previous: unknown) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
}

/** The options the core itself reads. */
export const CORE_OPTIONS: OptionDef<any>[] = [
  enumOption('approval', ['off', 'policy', 'all'] as const, 'policy', 'Which calls ask first: "off" (nothing asks; rules may still deny), "policy" (rules, tools allowed always and each tool\'s default decide), "all" (every call asks, except those a rule denies and tools allowed always).'),
  enumOption('rule_failure', ['ask', 'deny'] as const, 'ask', 'What a rule that fails (an error, or an answer that is not a verdict) does to its call: "ask" follows the page\'s order (in policy mode the call asks; in auto mode it runs), "deny" fails closed and denies the call in every mode, auto mode included. Either way the failure is shown and logged with its error.'),
  integerOption('tool_concurrency', 1, 64, 10, 'How many of one turn\'s tool calls run at once. Calls waiting for an approval hold no slot.'),
  stringOption('model', null, `The model, as provider/model (${DEFAULT_ANTHROPIC_MODEL}, ${DEFAULT_OPENAI_MODEL}). Unset: ${DEFAULT_ANTHROPIC_MODEL} when ANTHROPIC_API_KEY is set, else ${DEFAULT_OPENAI_MODEL} when OPENAI_API_KEY or OPENAI_BASE_URL is set.`),
  integerOption('max_turns', 1, 10_000, 100, 'How many model requests one prompt may make before the loop stops.'),
  integerOption('max_tokens', 1, 1_000_000, 16_384, 'The most tokens the model may write in one answer (its reasoning aside: a thinking budget is added to it).'),
  enumOption('thinking', THINKING_LEVELS, 'off', 'How hard the model reasons before it answers, where the model can: "off" asks for nothing (the model\'s own default), "minimal" to "max" ask for more and more (Anthropic: adaptive thinking with that effort, or extended thinking with a token budget; OpenAI: reasoning effort). A turn keeps the level it started with.'),
  limitOption('max_cost', 0, 'Stop the loop, saying so, once the session has cost more than this many US dollars (from the price table and lug.opt.prices). nil: no limit.'),
  {
    name: 'prices',
    allowed: 'a table from "provider/model" to prices (input, output, cache_read, cache_write: dollars per million tokens), or nil',
    default: null,
    description: 'Prices that override lug\'s price table, or price a model it does not know: a table from "provider/model" to input, output, cache_read and cache_write, in US dollars per million tokens (and long_prompt = { above_tokens = N, input = …, output = … } for dearer long prompts).',
    parse: (v) => (v === null ? null : parsePriceTable(v)),
  } satisfies OptionDef<Record<string, ModelPricing> | null>,
  {
    name: 'context_window',
    allowed: 'an integer from 1000 to 100000000 (tokens), or nil',
    default: null,
    description: "How many tokens the model's context window holds, over what lug knows of the model (the provider's table, what a local server reports). nil: what lug knows, or 128,000 for a model it does not know.",
    parse: (v) => (v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 1000 && v <= 100_000_000) ? (v as number | null) : undefined),
  } satisfies OptionDef<number | null>,
  fractionOption('clear_tool_output_at', 0.6, 'When the context passes this share of the window, the results of tool calls older than the last lug.opt.keep_turns turns are sent as one-line stubs (the session file keeps them whole). false: never.'),
  fractionOption('compact_at', 0.8, 'When the context passes this share of the window, the conversation before the last lug.opt.keep_turns turns is replaced, in what is sent, by a summary the model writes (:compact does it at any time). false: never on its own (a context-overflow error still compacts once).'),
  integerOption('keep_turns', 1, 1000, 3, 'How many recent turns (prompts with their answers and tool calls) stay whole when old tool output is cleared and when the conversation is compacted.'),
  integerOption(STREAM_IDLE_OPTION, 0, 86_400, DEFAULT_STREAM_IDLE_SECONDS, "How many seconds the model's answer may go without sending anything (text, reasoning, a tool call, the request's first event) before lug takes the connection as lost: before anything came, the request is sent again (as after a dropped connection); after, the answer is cut and the turn says so. 0: wait for ever. Read on every request."),
  openaiCompatOption('openai_compat', 'How lug talks to the OpenAI endpoint at OPENAI_BASE_URL, over the defaults known for it: server (which kind: "openai", "azure", "deepseek", "mistral", "groq", "xai", "ollama", "llama.cpp", "vllm", "lmstudio", "generic"), api ("responses" or "chat"), max_tokens_field, stream_usage, send_reasoning, reasoning_required, reasoning_effort, reasoning, reasoning_summary, images, and per-model tables under models (keys are model names, * matching any text). Read on every request; docs/providers.md lists each field.'),
];

export function createOptions(events?: EventBus): OptionsStore {
  const store = new OptionsStore(events);
  for (const def of CORE_OPTIONS) store.define(def);
  return store;
}
