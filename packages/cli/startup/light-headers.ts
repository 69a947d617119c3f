/**
 * The Fetch standard's `Headers`, without undici: the SDK bundles use this
 * class where they name `Headers` (sdk-globals.ts), because in Node 20 the
 * first use of the global `Headers` compiles all of undici (~25 ms; see
 * light-fetch.ts for why lug's requests no longer need it).
 *
 * It behaves as the standard says where the SDKs can tell: names are
 * case-insensitive and must be HTTP tokens, values are trimmed of leading and
 * trailing whitespace and may not hold NUL, CR or LF (a TypeError otherwise,
 * as undici throws), `append` joins values with ", ", iteration is by
 * lower-case name in sorted order, and `set-cookie` values stay apart.
 */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const INVALID_VALUE = /[\0\r\n]/;

export type LightHeadersInit = Iterable<readonly [string, string]> | Record<string, string | readonly string[]> | LightHeaders | Headers;

function checkedName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: "${text}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only)`);
  return text.toLowerCase();
}

function checkedValue(name: string, value: string): string {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (INVALID_VALUE.test(text)) throw new TypeError(`Headers: the value of "${name}" holds a NUL, CR or LF character`);
  return text;
}

export class LightHeaders {
  /** Lower-case name → the values, in the order they were appended. */
  readonly #values = new Map<string, string[]>();

  constructor(init?: LightHeadersInit | null) {
    if (init === undefined || init === null) return;
    if (typeof init !== 'object') throw new TypeError('Headers: the initial headers must be an object, an array of pairs or Headers');
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (!pair || typeof pair !== 'object' || (pair as readonly string[]).length !== 2) throw new TypeError('Headers: each initial header must be a [name, value] pair');
        this.append(pair[0], pair[1]);
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) {
      if (Array.isArray(value)) for (const one of value) this.append(name, one);
      else this.append(name, value as string);
    }
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const text = checkedValue(key, value);
    const values = this.#values.get(key);
    if (values) values.push(text);
    else this.#values.set(key, [text]);
  }

  set(name: string, value: string): void {
    const key = checkedName(name);
    this.#values.set(key, [checkedValue(key, value)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name))?.join(', ') ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  /** [name, value] by lower-case name in sorted order; each set-cookie value on its own. */
  *entries(): IterableIterator<[string, string]> {
    for (const key of [...this.#values.keys()].sort()) {
      const values = this.#values.get(key);
      if (!values) continue; // deleted while iterating
      if (key === 'set-cookie') for (const value of values) yield [key, value];
      else yield [key, values.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: LightHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}
