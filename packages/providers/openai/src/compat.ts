/**
 * The compatibility record: what lug sends to an OpenAI endpoint and which API
 * it speaks there, per endpoint and per model. The defaults come from the
 * presets (compat-presets.ts); the user's settings, from LUG_OPENAI_COMPAT /
 * LUG_OPENAI_SERVER / LUG_OPENAI_API and from lug.opt.openai_compat, go over
 * them. Settings are written in snake_case (as in Lua) and checked field by
 * field: a wrong one is an error naming the field and what it allows.
 */
import { CompatTableError, parseCompatTable, ProviderError, SERVER_KINDS, type CompatSettings, type Env, type OpenAICompat, type ServerKind, type ThinkingLevel, type UserCompat } from '@lug/core';
import { PRESETS, serverOfUrl } from './compat-presets.js';

export { SERVER_KINDS, type CompatSettings, type EffortMap, type OpenAICompat, type ServerKind, type UserCompat } from '@lug/core';

function configError(message: string): ProviderError {
  return new ProviderError(message, 'config');
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function isTable(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A user's table, checked (@lug/core's parseCompatTable, the option's own check); `where` names it in errors ("lug.opt.openai_compat", "LUG_OPENAI_COMPAT"). */
export function parseUserCompat(value: unknown, where: string): UserCompat {
  try {
    return parseCompatTable(value, where);
  } catch (err) {
    throw err instanceof CompatTableError ? configError(err.message) : err;
  }
}

/**
 * The environment's table: LUG_OPENAI_COMPAT (JSON of the same table as
 * lug.opt.openai_compat), with LUG_OPENAI_SERVER and LUG_OPENAI_API over its
 * `server` and `api`. Undefined when none is set.
 */
export function envCompatTable(env: Env): Record<string, unknown> | undefined {
  const raw = env.LUG_OPENAI_COMPAT?.trim();
  let table: Record<string, unknown> | undefined;
  if (raw) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw configError(`LUG_OPENAI_COMPAT is not JSON (${(err as Error).message}); write it as a JSON object, e.g. {"max_tokens_field":"max_tokens","stream_usage":false}`);
    }
    if (!isTable(value)) throw configError(`LUG_OPENAI_COMPAT must be a JSON object of settings, got ${show(value)}`);
    table = value;
  }
  const server = env.LUG_OPENAI_SERVER?.trim();
  if (server) {
    if (!(SERVER_KINDS as readonly string[]).includes(server)) throw configError(`LUG_OPENAI_SERVER must be one of ${SERVER_KINDS.map((kind) => `"${kind}"`).join(', ')}, got ${show(server)}`);
    table = { ...table, server };
  }
  const api = env.LUG_OPENAI_API?.trim();
  if (api) {
    if (api !== 'responses' && api !== 'chat') throw configError(`LUG_OPENAI_API must be "responses" or "chat", got ${show(api)}`);
    table = { ...table, api };
  }
  return table;
}

/** Whether a model name matches a pattern: `*` matches any text; letters match either case. */
export function matchesModel(pattern: string, model: string): boolean {
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
  return re.test(model);
}

/** The server kind in force: the option's, else the environment's, else the base URL's. */
export function serverKind(baseURL: string, ...users: UserCompat[]): ServerKind {
  for (const user of [...users].reverse()) if (user.server) return user.server;
  return serverOfUrl(baseURL);
}

/**
 * The record for one request: the preset of the server kind, its rules for
 * the model, then each user source in order (environment, then option), its
 * endpoint-wide settings then its rules for the model.
 */
export function resolveCompat(baseURL: string, model: string, ...users: UserCompat[]): OpenAICompat {
  const server = serverKind(baseURL, ...users);
  const preset = PRESETS[server];
  let compat: OpenAICompat = { server, ...preset.compat };
  for (const [patterns, settings] of preset.models) if (patterns.some((p) => matchesModel(p, model))) compat = { ...compat, ...settings };
  for (const user of users) {
    compat = { ...compat, ...user.settings };
    for (const [pattern, settings] of user.models) if (matchesModel(pattern, model)) compat = { ...compat, ...settings };
  }
  return compat;
}
