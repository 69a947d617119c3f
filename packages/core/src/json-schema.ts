/**
 * The subset of JSON Schema that tool parameters use, and a validator whose
 * errors a model can act on: which argument, what was given, what is allowed.
 */

export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'null';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  [key: string]: unknown;
}

export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function range(s: JsonSchema): string {
  const { minimum: lo, maximum: hi } = s;
  if (lo !== undefined && hi !== undefined) return ` from ${lo} to ${hi}`;
  if (lo !== undefined) return ` ≥ ${lo}`;
  if (hi !== undefined) return ` ≤ ${hi}`;
  return '';
}

/** What the schema allows, in words: "an integer from 1 to 600". */
export function describeSchema(s: JsonSchema): string {
  if (s.enum) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  switch (s.type) {
    case 'integer':
    case 'number':
      return `${article(s.type)}${range(s)}`;
    case 'array':
      return s.items ? `an array of ${describeSchema(s.items).replace(/^an? /, '')}s` : 'an array';
    case undefined:
      return 'any value';
    default:
      return article(s.type);
  }
}

function check(name: string, value: unknown, s: JsonSchema, errors: string[]): void {
  if (s.enum && !s.enum.some((v) => v === value)) {
    errors.push(`${name} must be ${describeSchema(s)}, got ${show(value)}`);
    return;
  }
  const t = typeOf(value);
  const okType =
    s.type === undefined ||
    s.type === t ||
    (s.type === 'number' && t === 'integer');
  const bad = () => errors.push(`${name} must be ${describeSchema(s)}, got ${show(value)}`);
  if (!okType) return void bad();
  if (typeof value === 'number') {
    if ((s.minimum !== undefined && value < s.minimum) || (s.maximum !== undefined && value > s.maximum)) bad();
    return;
  }
  if (typeof value === 'string') {
    if (s.minLength !== undefined && value.length < s.minLength) errors.push(`${name} must have at least ${s.minLength} characters, got ${show(value)}`);
    if (s.maxLength !== undefined && value.length > s.maxLength) errors.push(`${name} must have at most ${s.maxLength} characters`);
    return;
  }
  if (Array.isArray(value) && s.items) {
    value.forEach((item, i) => check(`${name}[${i}]`, item, s.items!, errors));
    return;
  }
  if (t === 'object' && (s.properties || s.required || s.additionalProperties !== undefined)) {
    checkObject(name, value as Record<string, unknown>, s, errors);
  }
}

function checkObject(prefix: string, obj: Record<string, unknown>, s: JsonSchema, errors: string[]): void {
  const props = s.properties ?? {};
  const at = (k: string) => (prefix ? `${prefix}.${k}` : k);
  for (const key of s.required ?? []) {
    if (obj[key] === undefined) {
      const p = props[key];
      errors.push(`${at(key)} is required${p ? ` (${describeSchema(p)})` : ''}`);
    }
  }
  for (const [key, value] of Object.entries(obj)) {
    const p = props[key];
    if (p) {
      if (value !== undefined) check(at(key), value, p, errors);
    } else if (s.additionalProperties === false) {
      const known = Object.keys(props);
      errors.push(`${at(key)} is not an argument of this tool; its arguments are ${known.length ? known.join(', ') : 'none'}`);
    } else if (typeof s.additionalProperties === 'object') {
      check(at(key), value, s.additionalProperties, errors);
    }
  }
}

/** Returns the list of problems with `args`; empty when they satisfy `schema`. */
export function validateArgs(args: unknown, schema: JsonSchema): string[] {
  const errors: string[] = [];
  if (typeOf(args) !== 'object') {
    errors.push(`the arguments must be a JSON object, got ${show(args)}`);
    return errors;
  }
  checkObject('', args as Record<string, unknown>, schema, errors);
  return errors;
}

/**
 * Parse a model's argument text and validate it. Empty text means no arguments.
 * Throws ArgumentError with every problem, so the model can fix them in one go.
 */
export function parseArgs(argsText: string, schema: JsonSchema): Record<string, unknown> {
  let args: unknown;
  const text = argsText.trim() === '' ? '{}' : argsText;
  try {
    args = JSON.parse(text);
  } catch (err) {
    throw new ArgumentError(`the arguments are not valid JSON (${(err as Error).message}): ${show(argsText)}`);
  }
  const errors = validateArgs(args, schema);
  if (errors.length) throw new ArgumentError(errors.join('; '));
  return args as Record<string, unknown>;
}
