/** How `:lua` shows values: Lua literals, tab-separated, like Lua's REPL with tables expanded. */
import { LuaFunctionRef } from './lua-values.js';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

function format(value: unknown, indent: string, depth: number): string {
  if (value === undefined || value === null) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object') return String(value);
  if (value instanceof LuaFunctionRef) return 'function';
  if (depth > 6) return '{ ... }';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '{}';
    return `{\n${value.map((v) => `${inner}${format(v, inner, depth + 1)}`).join(',\n')}\n${indent}}`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const key = (k: string) => (IDENT.test(k) ? k : `[${JSON.stringify(k)}]`);
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)} = ${format(v, inner, depth + 1)}`).join(',\n')}\n${indent}}`;
}

export function formatLuaValues(values: unknown[]): string {
  return values.map((v) => format(v, '', 0)).join('\t');
}
