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
  return new JsonReader(text).document();
}

const A_VALUE = 'a value (an object, array, string, number, true, false or null)';

/** One pass over a text, `i` the position read so far: a method a JSON production. */
class JsonReader {
  private i = 0;

  constructor(private readonly text: string) {}

  document(): JsonValue {
    const result = this.value(0);
    this.space();
    if (this.i < this.text.length) this.fail('the end of the text (one JSON value only)');
    return result;
  }

  private fail(expected: string): never {
    const { text, i } = this;
    const before = text.slice(0, i);
    const line = (before.match(/\n/g)?.length ?? 0) + 1;
    const column = i - (before.lastIndexOf('\n') + 1) + 1;
    const found = i >= text.length ? 'the end of the text' : JSON.stringify(text[i]);
    throw new JsonSyntaxError(`invalid JSON at line ${line}, column ${column}: expected ${expected}, found ${found}`);
  }

  private space(): void {
    const { text } = this;
    while (this.i < text.length && (text[this.i] === ' ' || text[this.i] === '\t' || text[this.i] === '\n' || text[this.i] === '\r')) this.i++;
  }

  /** Steps over `c` if it is next. */
  private eat(c: string): boolean {
    if (this.text[this.i] !== c) return false;
    this.i++;
    return true;
  }

  private literal(word: string, value: JsonValue): JsonValue {
    if (!this.text.startsWith(word, this.i)) return this.fail(A_VALUE);
    this.i += word.length;
    return value;
  }

  private string(): string {
    const { text } = this;
    this.i++; // the opening quote
    let out = '';
    let start = this.i;
    for (;;) {
      if (this.i >= text.length) this.fail('a closing quote');
      const c = text.charCodeAt(this.i);
      if (c === 0x22) break;
      if (c < 0x20) this.fail('a character (control characters must be escaped in a string)');
      if (c !== 0x5c) {
        this.i++;
        continue;
      }
      out += text.slice(start, this.i);
      this.i++;
      out += this.escape();
      start = this.i;
    }
    out += text.slice(start, this.i);
    this.i++;
    return out;
  }

  /** What the escape after a backslash stands for. */
  private escape(): string {
    const e = this.text[this.i];
    if (e === 'u') {
      const hex = this.text.slice(this.i + 1, this.i + 5);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('four hexadecimal digits after \\u');
      this.i += 5;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (e === undefined || !(e in ESCAPES)) return this.fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)');
    this.i++;
    return ESCAPES[e]!;
  }

  private number(): number {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!m) return this.fail(A_VALUE);
    this.i += m[0].length;
    return Number(m[0]);
  }

  private value(depth: number): JsonValue {
    this.space();
    const c = this.text[this.i];
    if (c === '{') return this.object(depth + 1);
    if (c === '[') return this.array(depth + 1);
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', JSON_NULL);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    return this.fail(A_VALUE);
  }

  private array(depth: number): JsonValue[] {
    if (depth > MAX_DEPTH) this.fail(`at most ${MAX_DEPTH} levels of nesting`);
    this.i++;
    const out: JsonValue[] = [];
    this.space();
    if (this.eat(']')) return out;
    for (;;) {
      out.push(this.value(depth));
      this.space();
      if (this.eat(',')) continue;
      if (this.eat(']')) return out;
      this.fail('"," or "]"');
    }
  }

  private object(depth: number): { [key: string]: JsonValue } {
    if (depth > MAX_DEPTH) this.fail(`at most ${MAX_DEPTH} levels of nesting`);
    this.i++;
    const out: { [key: string]: JsonValue } = {};
    this.space();
    if (this.eat('}')) return out;
    for (;;) {
      this.space();
      if (this.text[this.i] !== '"') this.fail('a field name in double quotes');
      const key = this.string();
      this.space();
      if (!this.eat(':')) this.fail('":"');
      Object.defineProperty(out, key, { value: this.value(depth), enumerable: true, writable: true, configurable: true });
      this.space();
      if (this.eat(',')) continue;
      if (this.eat('}')) return out;
      this.fail('"," or "}"');
    }
  }
}
