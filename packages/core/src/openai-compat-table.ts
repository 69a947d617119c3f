/**
 * The table of lug.opt.openai_compat (and of LUG_OPENAI_COMPAT): how lug
 * talks to an OpenAI endpoint, over the defaults known for it. Settings are
 * written in snake_case (as in Lua) and checked field by field, a wrong one
 * an error naming the field and what it allows. Here, beside the option's
 * declaration (options.ts), so that a bad table is refused where it is set,
 * as every option's bad value is; @lug/provider-openai reads the same table
 * with the same check (its compat.ts), whoever set it.
 */
import type { ThinkingLevel } from './provider.js';

export const SERVER_KINDS = ['openai', 'azure', 'deepseek', 'mistral', 'groq', 'xai', 'ollama', 'llama.cpp', 'vllm', 'lmstudio', 'generic'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** The value sent for each thinking level (lug.opt.thinking); a level left out is not asked for. */
export type EffortMap = Partial<Record<Exclude<ThinkingLevel, 'off'>, string>>;

export interface OpenAICompat {
  /** Which kind of server this is: picks the defaults, and where model facts are read from. */
  server: ServerKind;
  /** The wire: the Responses API or Chat Completions. */
  api: 'responses' | 'chat';
  /** The output cap's field on Chat Completions (the Responses API has only max_output_tokens). */
  maxTokensField: 'max_completion_tokens' | 'max_tokens';
  /** Send `stream_options: { include_usage: true }` (Mistral refuses it). */
  streamUsage: boolean;
  /** The field of an assistant message that carries its reasoning back (Chat Completions), or false: not sent. */
  sendReasoning: false | 'reasoning_content' | 'reasoning';
  /** Every assistant message with tool calls carries that field, empty when nothing was kept (DeepSeek's thinking mode). */
  reasoningRequired: boolean;
  /** `reasoning_effort` (Chat) or `reasoning.effort` (Responses) for each thinking level; false: never sent. */
  reasoningEffort: false | EffortMap;
  /** Whether the model reasons: on the Responses API, its encrypted reasoning is asked for and sent back. Unset: not known. */
  reasoning?: boolean;
  /** The reasoning summary asked for on the Responses API, or false. */
  reasoningSummary: false | 'auto' | 'concise' | 'detailed';
  /** Whether user messages may carry images. Unset: not known (they are sent). */
  images?: boolean;
}

/** Any of the record's fields, as the presets and the user's tables give them. */
export type CompatSettings = Partial<Omit<OpenAICompat, 'server'>>;

/** A user's table: endpoint-wide settings, a server kind, and per-model settings. */
export interface UserCompat {
  server?: ServerKind;
  settings: CompatSettings;
  models: Array<[pattern: string, settings: CompatSettings]>;
}

const EFFORT_LEVELS = ['minimal', 'low', 'medium', 'high', 'max'] as const;

interface FieldSpec {
  key: keyof CompatSettings;
  allowed: string;
  parse(v: unknown): unknown;
}

const oneOf = (values: readonly unknown[]) => (v: unknown) => (values.includes(v) ? v : undefined);
const boolean = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
const words = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ');

function effortMap(v: unknown): EffortMap | false | undefined {
  if (v === false) return false;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out: EffortMap = {};
  for (const [level, value] of Object.entries(v)) {
    if (!(EFFORT_LEVELS as readonly string[]).includes(level) || typeof value !== 'string') return undefined;
    out[level as keyof EffortMap] = value;
  }
  return out;
}

/** The fields of a table, by their snake_case names. */
const FIELDS: Record<string, FieldSpec> = {
  api: { key: 'api', allowed: words(['responses', 'chat']), parse: oneOf(['responses', 'chat']) },
  max_tokens_field: { key: 'maxTokensField', allowed: words(['max_completion_tokens', 'max_tokens']), parse: oneOf(['max_completion_tokens', 'max_tokens']) },
  stream_usage: { key: 'streamUsage', allowed: 'true or false', parse: boolean },
  send_reasoning: { key: 'sendReasoning', allowed: words(['reasoning_content', 'reasoning', false]), parse: oneOf(['reasoning_content', 'reasoning', false]) },
  reasoning_required: { key: 'reasoningRequired', allowed: 'true or false', parse: boolean },
  reasoning_effort: { key: 'reasoningEffort', allowed: `false, or a table from thinking levels (${EFFORT_LEVELS.join(', ')}) to the strings sent`, parse: effortMap },
  reasoning: { key: 'reasoning', allowed: 'true or false', parse: boolean },
  reasoning_summary: { key: 'reasoningSummary', allowed: words(['auto', 'concise', 'detailed', false]), parse: oneOf(['auto', 'concise', 'detailed', false]) },
  images: { key: 'images', allowed: 'true or false', parse: boolean },
};

const FIELD_NAMES = ['server', ...Object.keys(FIELDS), 'models'].join(', ');

function show(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  return JSON.stringify(value) ?? String(value);
}

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function parseSettings(table: Record<string, unknown>, where: string, allowNested: boolean): CompatSettings {
  const settings: CompatSettings = {};
  for (const [name, value] of Object.entries(table)) {
    if (value === undefined || (allowNested && (name === 'server' || name === 'models'))) continue;
    const field = FIELDS[name];
    if (!field) {
      const names = allowNested ? FIELD_NAMES : Object.keys(FIELDS).join(', ');
      throw new CompatTableError(`${where}: unknown field "${name}"; the fields are: ${names}`);
    }
    const parsed = field.parse(value);
    if (parsed === undefined) throw new CompatTableError(`${where}.${name} must be ${field.allowed}, got ${show(value)}`);
    (settings as Record<string, unknown>)[field.key] = parsed;
  }
  return settings;
}

/** A table of settings that is not one the provider takes: the message names the field and what it allows. */
export class CompatTableError extends Error {
  override name = 'CompatTableError';
}

/** A user's table, checked; `where` names it in errors ("lug.opt.openai_compat", "LUG_OPENAI_COMPAT"). */
export function parseCompatTable(value: unknown, where: string): UserCompat {
  if (value === undefined || value === null) return { settings: {}, models: [] };
  if (!isTable(value)) throw new CompatTableError(`${where} must be a table of settings, got ${show(value)}`);
  const { server, models } = value;
  if (server !== undefined && !(SERVER_KINDS as readonly unknown[]).includes(server)) {
    throw new CompatTableError(`${where}.server must be one of ${words(SERVER_KINDS)}, got ${show(server)}`);
  }
  if (models !== undefined && !isTable(models)) throw new CompatTableError(`${where}.models must be a table from model names (* matches any text) to settings, got ${show(models)}`);
  const perModel = Object.entries(models ?? {}).map(([pattern, table]): [string, CompatSettings] => {
    const at = `${where}.models["${pattern}"]`;
    if (!isTable(table)) throw new CompatTableError(`${at} must be a table of settings, got ${show(table)}`);
    return [pattern, parseSettings(table, at, false)];
  });
  return { server: server as ServerKind | undefined, settings: parseSettings(value, where, true), models: perModel };
}
