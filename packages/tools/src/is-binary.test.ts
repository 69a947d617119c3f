import { describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES, isBinary } from './is-binary.js';

describe('isBinary', () => {
  it('is true for a NUL byte in the first 8 KiB', () => {
    expect(isBinary(Buffer.from('abc\0def'))).toBe(true);
    const late = Buffer.alloc(BINARY_SNIFF_BYTES, 'a');
    late[BINARY_SNIFF_BYTES - 1] = 0;
    expect(isBinary(late)).toBe(true);
  });

  it('is false for text, UTF-8 included, and for a NUL past 8 KiB', () => {
    expect(isBinary(Buffer.from('naïve café Ελληνικά\n'))).toBe(false);
    expect(isBinary(Buffer.alloc(0))).toBe(false);
    const beyond = Buffer.alloc(BINARY_SNIFF_BYTES + 10, 'a');
    beyond[BINARY_SNIFF_BYTES + 1] = 0;
    expect(isBinary(beyond)).toBe(false);
  });
});
