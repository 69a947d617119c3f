import { describe, expect, it } from 'vitest';
import { FileError } from './file-error.js';
import { decodeUtf8Strict, findInvalidUtf8, StrictUtf8Decoder } from './utf8.js';

const bytes = (...b: number[]) => Uint8Array.from(b);

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as FileError).reason + ': ' + (err as Error).message;
  }
  return 'no error';
}

describe('findInvalidUtf8', () => {
  it('accepts ASCII, accents, CJK and emoji', () => {
    expect(findInvalidUtf8(Buffer.from('abc é 中文 🎉'))).toBe(-1);
  });
  it('finds a lone continuation byte', () => {
    expect(findInvalidUtf8(bytes(0x61, 0x80, 0x61))).toBe(1);
  });
  it('rejects overlong forms, surrogates and code points above U+10FFFF', () => {
    expect(findInvalidUtf8(bytes(0xc0, 0xaf))).toBe(0);
    expect(findInvalidUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(0);
    expect(findInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0);
    expect(findInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0);
  });
  it('treats a sequence cut by the end as invalid unless more may follow', () => {
    expect(findInvalidUtf8(bytes(0x61, 0xe4, 0xb8))).toBe(1);
    expect(findInvalidUtf8(bytes(0x61, 0xe4, 0xb8), true)).toBe(-1);
  });
});

describe('decodeUtf8Strict', () => {
  it('decodes UTF-8 text', () => {
    expect(decodeUtf8Strict(Buffer.from('héllo 🌍\n'), 'a.txt')).toEqual({ text: 'héllo 🌍\n', bom: false });
  });
  it('drops a byte order mark and reports it', () => {
    expect(decodeUtf8Strict(Buffer.from('\ufeffx'), 'a.txt')).toEqual({ text: 'x', bom: true });
  });
  it('calls a file with a NUL byte binary, naming the byte', () => {
    const message = reasonOf(() => decodeUtf8Strict(bytes(0x89, 0x50, 0x4e, 0x47, 0x00), 'img.png'));
    expect(message).toMatch(/^binary: img\.png is a binary file \(it has a NUL byte at byte 4\)/);
  });
  it('calls Latin-1 text not UTF-8, naming the byte and the line', () => {
    const latin1 = Buffer.from('one\ntwo\ncaf\xe9\n', 'latin1');
    expect(reasonOf(() => decodeUtf8Strict(latin1, 'old.txt'))).toMatch(
      /^not_utf8: old\.txt is not valid UTF-8 \(the first invalid byte is byte 11, on line 3\).*iconv/,
    );
  });
  it('reports a sequence cut off at the end of the file', () => {
    expect(reasonOf(() => decodeUtf8Strict(bytes(0x61, 0x0a, 0xe4, 0xb8), 'cut.txt'))).toMatch(/byte 2, on line 2/);
  });
});

describe('StrictUtf8Decoder', () => {
  it('decodes characters split across chunks', () => {
    const all = Buffer.from('a🎉b中c');
    const decoder = new StrictUtf8Decoder('x');
    let text = '';
    for (let i = 0; i < all.length; i++) text += decoder.push(all.subarray(i, i + 1));
    text += decoder.end();
    expect(text).toBe('a🎉b中c');
  });
  it('gives the file offset and line of an invalid byte in a later chunk', () => {
    const decoder = new StrictUtf8Decoder('x');
    decoder.push(Buffer.from('line1\nline2\n'));
    decoder.push(bytes(0x61, 0xe4));
    expect(reasonOf(() => decoder.push(bytes(0x41)))).toMatch(/byte 13, on line 3/);
  });
  it('gives the file offset of a NUL byte in a later chunk', () => {
    const decoder = new StrictUtf8Decoder('x');
    decoder.push(Buffer.from('abc'));
    expect(reasonOf(() => decoder.push(bytes(0x61, 0x00)))).toMatch(/NUL byte at byte 4/);
  });
  it('reports an incomplete sequence at the end', () => {
    const decoder = new StrictUtf8Decoder('x');
    decoder.push(Buffer.from('ab'));
    decoder.push(bytes(0xf0, 0x9f));
    expect(reasonOf(() => decoder.end())).toMatch(/^not_utf8: .*byte 2, on line 1/);
  });
});

describe('text in UTF-16 or UTF-32', () => {
  const refusal = (bytes: Buffer) => {
    try {
      decodeUtf8Strict(bytes, 'notes.txt');
    } catch (err) {
      return (err as Error).message;
    }
    return 'decoded';
  };
  it('is named by its byte order mark, with the iconv line to convert it, not called binary for its NUL bytes', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\n', 'utf16le')]);
    expect(refusal(le)).toBe(
      'notes.txt is UTF-16 text (it starts with the byte order mark FF FE), not UTF-8; only UTF-8 text can be shown or edited. ' +
        'Convert it with bash if it should be UTF-8 (e.g. iconv -f UTF-16 -t UTF-8 notes.txt > notes.txt.utf8).',
    );
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hi\n', 'utf16le').swap16()]);
    expect(refusal(be)).toMatch(/^notes\.txt is UTF-16 text \(it starts with the byte order mark FE FF\)/);
    expect(refusal(Buffer.from([0xff, 0xfe, 0, 0, 0x68, 0, 0, 0]))).toMatch(/^notes\.txt is UTF-32 text \(it starts with the byte order mark FF FE 00 00\)/);
    expect(refusal(Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x68]))).toMatch(/^notes\.txt is UTF-32 text \(it starts with the byte order mark 00 00 FE FF\)/);
  });
  it('leaves a NUL elsewhere called binary', () => {
    expect(refusal(Buffer.from('ab\0cd'))).toMatch(/^notes\.txt is a binary file \(it has a NUL byte at byte 2\)/);
  });
});
