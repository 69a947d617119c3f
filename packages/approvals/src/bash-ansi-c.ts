/** bash's `$'…'` strings: the escapes it decodes, as bash 5 decodes them. */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** The value of a `$'…'` string whose text begins at `start`; a NUL ends the value, as in bash. */
export function decodeAnsiC(src: string, start: number, end: number): { value: string; end: number } | undefined {
  let value = '';
  let cut = false;
  let i = start;
  while (i < end) {
    const c = src[i];
    if (c === "'") return { value, end: i + 1 };
    if (c !== '\\') {
      if (!cut) value += c;
      i += 1;
      continue;
    }
    const e = src[i + 1];
    let decoded: string;
    let length = 2;
    if (e === undefined) return undefined;
    if (e in SIMPLE_ESCAPES) decoded = SIMPLE_ESCAPES[e];
    else if (/[0-7]/.test(e)) {
      const digits = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4))![0];
      decoded = String.fromCharCode(parseInt(digits, 8) & 0xff);
      length = 1 + digits.length;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const digits = new RegExp(`^[0-9A-Fa-f]{1,${max}}`).exec(src.slice(i + 2, i + 2 + max))?.[0];
      if (!digits) decoded = `\\${e}`;
      else {
        const code = parseInt(digits, 16);
        decoded = code > 0x10ffff ? '' : String.fromCodePoint(code);
        length = 2 + digits.length;
      }
    } else if (e === 'c' && src[i + 2] !== undefined) {
      decoded = String.fromCharCode(src.charCodeAt(i + 2) & 0x1f);
      length = 3;
    } else decoded = `\\${e}`;
    if (decoded === '\0') cut = true;
    if (!cut) value += decoded;
    i += length;
  }
  return undefined;
}
