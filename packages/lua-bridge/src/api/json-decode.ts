/**
 * lug.json.decode's parser: JSON text (RFC 8259) to JavaScript values, with
 * JSON null as JSON_NULL (Lua has no value for it in a table) and errors that
 * say where the text is wrong ("line 2, column 5") and what was expected.
 * Written out instead of JSON.parse, whose messages in Node 20 often name
 * no position.
 */

/** JSON null, as decode gives it (lug.json.null in Lua). */
export const JSON_NULL = Symbol('json null');

export type JsonValue = string | number | boolean | typeof JSON_NULL | JsonValue[] | { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

/** Nesting deeper than this is refused (a hostile document cannot exhaust the stack). */
const MAX_DEPTH = 512;

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function decodeJson(text: string): JsonValue {
  let i = 0;

  const fail = (expected: string): never => {
    const before = text.slice(0, i);
    const line = (before.match(/\n/g)?.length ?? 0) + 1;
    const column = i - (before.lastIndexOf('\n') + 1) + 1;
    const found = i >= text.length ? 'the end of the text' : JSON.stringify(text[i]);
    throw new JsonSyntaxError(`invalid JSON at line ${line}, column ${column}: expected ${expected}, found ${found}`);
  };
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const literal = (word: string, value: JsonValue): JsonValue => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    return fail('a value (an object, array, string, number, true, false or null)');
  };

  const string = (): string => {
    i++; // the opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= text.length) fail('a closing quote');
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) fail('a character (control characters must be escaped in a string)');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(start, i);
      i++;
      const e = text[i];
      if (e === 'u') {
        const hex = text.slice(i + 1, i + 5);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('four hexadecimal digits after \\u');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 5;
      } else if (e !== undefined && e in ESCAPES) {
        out += ESCAPES[e];
        i++;
      } else {
        fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)');
      }
      start = i;
    }
    out += text.slice(start, i);
    i++;
    return out;
  };

  const number = (): number => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail('a value (an object, array, string, number, true, false or null)');
    i += m[0].length;
    return Number(m[0]);
  };

  const value = (depth: number): JsonValue => {
    space();
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', JSON_NULL);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    return fail('a value (an object, array, string, number, true, false or null)');
  };

  const array = (depth: number): JsonValue[] => {
    if (depth > MAX_DEPTH) fail(`at most ${MAX_DEPTH} levels of nesting`);
    i++;
    const out: JsonValue[] = [];
    space();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      out.push(value(depth));
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return out;
      }
      fail('"," or "]"');
    }
  };

  const object = (depth: number): { [key: string]: JsonValue } => {
    if (depth > MAX_DEPTH) fail(`at most ${MAX_DEPTH} levels of nesting`);
    i++;
    const out: { [key: string]: JsonValue } = {};
    space();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      space();
      if (text[i] !== '"') fail('a field name in double quotes');
      const key = string();
      space();
      if (text[i] !== ':') fail('":"');
      i++;
      Object.defineProperty(out, key, { value: value(depth), enumerable: true, writable: true, configurable: true });
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return out;
      }
      fail('"," or "}"');
    }
  };

  const result = value(0);
  space();
  if (i < text.length) fail('the end of the text (one JSON value only)');
  return result;
}
