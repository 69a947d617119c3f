/**
 * Lua strings are bytes; JavaScript strings are UTF-16. Crossing the border:
 * JavaScript → Lua is UTF-8; Lua → JavaScript decodes UTF-8, and bytes that are
 * not valid UTF-8 become U+FFFD (the bytes themselves stay intact inside Lua).
 * Node's decoder is much faster than fengari's own loop on long strings.
 */
import type { LuaString } from './fengari.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });
const constants = new Map<string, LuaString>();

/**
 * Short texts are most of what crosses (field names, paths, verdicts), and
 * for them TextEncoder's call costs more than the bytes: 700 ns to encode
 * a 15-character path, where a loop over ASCII takes 200. Longer texts, and
 * any text with a character above 0x7f, go through Node's encoder (and the
 * other way, jsString decodes short ASCII by a loop too). A longer text that
 * is all ASCII (its UTF-8 length is its length) is copied as Latin-1 into
 * memory that is not zeroed first, the same bytes: 20 KB in 3–4 µs
 * (measuring its length included) where the encoder took 18.
 */
const SHORT = 64;

export function luaString(text: string): LuaString {
  const n = text.length;
  if (n > SHORT) {
    if (Buffer.byteLength(text, 'utf8') !== n) return encoder.encode(text);
    const bytes = Buffer.allocUnsafe(n);
    bytes.write(text, 0, n, 'latin1');
    // A plain Uint8Array over the same memory: a Buffer's slice() shares where Uint8Array's copies.
    return new Uint8Array(bytes.buffer, bytes.byteOffset, n);
  }
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return encoder.encode(text);
    bytes[i] = c;
  }
  return bytes;
}

/** For names used again and again (field names, messages); never for data. */
export function luaConst(text: string): LuaString {
  let bytes = constants.get(text);
  if (!bytes) constants.set(text, (bytes = encoder.encode(text)));
  return bytes;
}

const keys = new Map<string, LuaString>();
const MAX_KEYS = 4096;

/** For table keys: short names repeat (argument names, fields), so their bytes are kept. */
export function luaKey(text: string): LuaString {
  let bytes = keys.get(text);
  if (!bytes) {
    bytes = encoder.encode(text);
    if (text.length <= 64 && keys.size < MAX_KEYS) keys.set(text, bytes);
  }
  return bytes;
}

/**
 * The longest text decoded by a loop when it is all ASCII: for short strings
 * (a rule's verdict, a field name) TextDecoder's call costs more than the
 * bytes (0.3 µs to decode "allow": 2.5% of five Lua rules' time on an edit,
 * bench/rules.bench.mjs), as TextEncoder's does the other way (luaString).
 */
const SHORT_DECODE = 32;

export function jsString(bytes: LuaString): string {
  const n = bytes.length;
  if (n <= SHORT_DECODE) {
    let i = 0;
    while (i < n && bytes[i]! < 0x80) i++;
    if (i === n) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  return decoder.decode(bytes);
}

const keyTexts = new WeakMap<LuaString, string>();

/**
 * For a table key Lua code names (`args.path`): the bytes are the Lua
 * constant's own, the same array at every read, so their text is kept beside
 * them instead of decoded again at each lazy table's first read of the field.
 */
export function jsKey(bytes: LuaString): string {
  let text = keyTexts.get(bytes);
  if (text === undefined) keyTexts.set(bytes, (text = decoder.decode(bytes)));
  return text;
}
