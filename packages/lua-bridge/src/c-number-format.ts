/**
 * Floats formatted as C's printf formats them, for fengari (patched in at
 * build time, fengari-patches.ts): `%.14g` for tostring (Lua 5.3's LUA_NUMBER_FMT:
 * `1e+15`, `-0.0`, `inf`) and string.format's `%e`, `%g` (`%g` of 1e20 is
 * `1e+20`), with flags, width and precision. fengari 0.1.5 used JavaScript's
 * own number text, which prints every digit of 1e15 and loses -0's sign.
 */

/** The digits of |x| in %e form with `precision` digits after the point, the exponent at least two digits. */
function exponential(x: number, precision: number): string {
  const [mantissa, exponent] = x.toExponential(precision).split('e') as [string, string];
  const sign = exponent[0] === '-' ? '-' : '+';
  const digits = exponent.replace(/^[+-]/, '');
  return `${mantissa}e${sign}${digits.padStart(2, '0')}`;
}

/** |x| in %f form. */
function fixed(x: number, precision: number): string {
  if (x < 1e21) return x.toFixed(precision);
  // toFixed turns to exponent notation from 1e21; such a double is an integer.
  return BigInt(x).toString() + (precision > 0 ? `.${'0'.repeat(precision)}` : '');
}

const stripZeros = (s: string) => (s.includes('.') ? s.replace(/\.?0+(?=e|$)/, '') : s);

/** |x| (finite) as %g with `precision` significant digits; `alternate` (#) keeps trailing zeros. */
function general(x: number, precision: number, alternate: boolean): string {
  const p = precision === 0 ? 1 : precision;
  const exponent = x === 0 ? 0 : Number(x.toExponential(p - 1).split('e')[1]);
  const text = p > exponent && exponent >= -4 ? fixed(x, p - 1 - exponent) : exponential(x, p - 1);
  return alternate ? text : stripZeros(text);
}

/** One conversion: `conversion` is e, E, f, F, g or G. */
function formatFloat(x: number, conversion: string, opts: { precision?: number; flags?: string; width?: number } = {}): string {
  const flags = opts.flags ?? '';
  const precision = opts.precision ?? 6;
  const negative = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  const lower = conversion.toLowerCase();
  let body: string;
  if (Number.isNaN(x)) body = 'nan';
  else if (!Number.isFinite(x)) body = 'inf';
  else if (lower === 'e') body = exponential(abs, precision);
  else if (lower === 'f') body = fixed(abs, precision);
  else body = general(abs, precision, flags.includes('#'));
  if (flags.includes('#') && Number.isFinite(x) && !body.includes('.') && precision === 0) body = body.replace(/(?=e|$)/, '.');
  if (conversion !== lower) body = body.toUpperCase();
  const sign = negative && !Number.isNaN(x) ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
  const width = opts.width ?? 0;
  const length = sign.length + body.length;
  if (length >= width) return sign + body;
  if (flags.includes('-')) return sign + body + ' '.repeat(width - length);
  if (flags.includes('0') && Number.isFinite(x)) return sign + '0'.repeat(width - length) + body;
  return ' '.repeat(width - length) + sign + body;
}

/** A printf conversion spec such as "%5.2g" applied to x (what string.format hands over). */
export function formatFloatSpec(spec: string, x: number): string {
  const m = /^%([-+ #0]*)(\d*)(?:\.(\d*))?([eEfFgG])$/.exec(spec);
  if (!m) throw new Error(`invalid conversion '${spec}' to 'format'`);
  return formatFloat(x, m[4]!, { flags: m[1], width: m[2] ? Number(m[2]) : undefined, precision: m[3] !== undefined ? Number(m[3] || 0) : undefined });
}

/** tostring of a float, as Lua 5.3 writes it: %.14g (luaO_tostring adds ".0" to what looks like an integer). */
export function luaNumberToString(x: number): string {
  return formatFloat(x, 'g', { precision: 14 });
}
