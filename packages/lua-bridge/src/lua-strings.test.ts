/** Strings crossing between Lua (bytes) and JavaScript (UTF-16): short ASCII texts take a loop, everything else Node's encoder and decoder. */
import { describe, expect, it } from 'vitest';
import { jsString, luaString } from './lua-strings.js';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('jsString', () => {
  it('decodes short ASCII, at and past the loop\'s length, as TextDecoder does', () => {
    for (const text of ['', 'allow', 'a'.repeat(31), 'b'.repeat(32), 'c'.repeat(33), '\0\x7f~ ']) {
      expect(jsString(luaString(text))).toBe(text);
      expect(jsString(luaString(text))).toBe(new TextDecoder().decode(luaString(text)));
    }
  });

  it('decodes UTF-8 in short strings, and makes invalid bytes U+FFFD', () => {
    expect(jsString(luaString('déjà'))).toBe('déjà');
    expect(jsString(luaString('→ ok'))).toBe('→ ok');
    expect(jsString(bytes(0x61, 0xff, 0x62))).toBe('a\uFFFDb');
    expect(jsString(bytes(0xc3))).toBe('\uFFFD');
  });

  it('reads only the view it is given', () => {
    const whole = luaString('xxallowyy');
    expect(jsString(whole.subarray(2, 7))).toBe('allow');
  });
});
