/**
 * The field names of lug's headless JSON, `--output-format json` and
 * `stream-json` alike: snake_case (`session_id`, `input_tokens`, `is_error`,
 * `duration_ms`, `lines_added`). lug's own objects are camelCase in
 * TypeScript and in Lua's `lug.on` events; they are renamed here, on the way
 * out, so a script reads one convention whichever format it asked for.
 *
 * What is not lug's is passed as it came: a call's `args` (the model's
 * arguments, whose names the tool defines) and an option's `value` and
 * `previous` (what init.lua set).
 */

/** Keys whose values are data, not lug's fields: kept exactly. */
const VERBATIM = new Set(['args', 'value', 'previous']);

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `value` with every field name of lug's snake_cased, at any depth (arrays included). */
export function wireFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wireFields);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[snakeCase(key)] = VERBATIM.has(key) ? field : wireFields(field);
  return out;
}
