/** C's float formats, as Lua 5.3 prints floats (tostring is %.14g) and string.format's %e and %g. */
import { describe, expect, it } from 'vitest';
import { formatFloatSpec, luaNumberToString } from './c-number-format.js';

describe('luaNumberToString (%.14g)', () => {
  it.each([
    [1e15, '1e+15'],
    [1e14, '1e+14'],
    [123456789012346, '1.2345678901235e+14'],
    [0.1, '0.1'],
    [1 / 3, '0.33333333333333'],
    [-0, '-0'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [2 ** 53, '9.007199254741e+15'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [NaN, 'nan'],
    [100, '100'],
  ])('%s is %s', (x, text) => expect(luaNumberToString(x)).toBe(text));
});

describe('formatFloatSpec', () => {
  it.each([
    ['%g', 1e20, '1e+20'],
    ['%g', 100000, '100000'],
    ['%g', 1000000, '1e+06'],
    ['%.3g', 3.14159, '3.14'],
    ['%#.3g', 1, '1.00'],
    ['%e', 12345.678, '1.234568e+04'],
    ['%.0e', 5, '5e+00'],
    ['%10.2f', -3.14159, '     -3.14'],
    ['%-8.1f', 2.5, '2.5     '],
    ['%+g', 2, '+2'],
    ['%08.3f', -1.5, '-001.500'],
    ['%G', 1e-10, '1E-10'],
    ['%f', 1e21, '1000000000000000000000.000000'],
  ])('%s of %s is %s', (spec, x, text) => expect(formatFloatSpec(spec, x)).toBe(text));
});
