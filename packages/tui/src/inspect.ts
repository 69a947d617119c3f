/** A value from `:lua` shown the way Lua people expect: tables as `{ key = value }`, strings as they are. */
export function inspectValue(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'function') return 'function';
  if (depth > 3) return '{…}';
  if (Array.isArray(value)) return `{ ${value.map((v) => inspectValue(v, depth + 1)).join(', ')} }`;
  if (value instanceof Map) return inspectValue(Object.fromEntries(value), depth);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const key = (k: string) => (/^[A-Za-z_]\w*$/.test(k) ? k : `[${JSON.stringify(k)}]`);
  return `{ ${entries.map(([k, v]) => `${key(k)} = ${inspectValue(v, depth + 1)}`).join(', ')} }`;
}
