import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { attachImage, imageFromBytes, MAX_IMAGE_FILE_BYTES } from './image-attachment.js';
import { sniffImage } from './image-format.js';

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable grey PNG of the given size. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

// Headers as each format's specification lays them out (only the bytes lug reads are meaningful).
const GIF_3x2 = Buffer.from('474946383961030002000000003b', 'hex');
const JPEG_640x480 = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.from('ffc0001108' + '01e0' + '0280' + '03012200021101031101', 'hex'), Buffer.from('ffd9', 'hex')]);
const WEBP_VP8L_2x3 = Buffer.from('52494646' + '1a000000' + '57454250' + '5650384c' + '0d000000' + '2f' + '01' + '80' + '00' + '00' + '0000000000000000', 'hex');
const WEBP_VP8X_100x50 = Buffer.from('52494646' + '24000000' + '57454250' + '56503858' + '0a000000' + '00000000' + '630000' + '310000' + '0000', 'hex');

describe('sniffImage', () => {
  it('tells the four formats from their bytes, with their size in pixels', () => {
    expect(sniffImage(png(4, 3))).toEqual({ mediaType: 'image/png', width: 4, height: 3 });
    expect(sniffImage(GIF_3x2)).toEqual({ mediaType: 'image/gif', width: 3, height: 2 });
    expect(sniffImage(JPEG_640x480)).toEqual({ mediaType: 'image/jpeg', width: 640, height: 480 });
    expect(sniffImage(WEBP_VP8L_2x3)).toEqual({ mediaType: 'image/webp', width: 2, height: 3 });
    expect(sniffImage(WEBP_VP8X_100x50)).toEqual({ mediaType: 'image/webp', width: 100, height: 50 });
  });

  it('knows nothing else, nor a truncated header', () => {
    expect(sniffImage(Buffer.from('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImage(Buffer.from('BM6\0\0\0'))).toBeUndefined();
    expect(sniffImage(png(4, 3).subarray(0, 20))).toBeUndefined();
    expect(sniffImage(Buffer.from('ffd8ffe0', 'hex'))).toBeUndefined();
  });
});

describe('attachImage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lug-image-'));

  it('reads an image by its content whatever its name', () => {
    writeFileSync(join(dir, 'shot.dat'), png(2, 2));
    const part = attachImage('shot.dat', dir);
    expect(part).toMatchObject({ type: 'image', mediaType: 'image/png', name: 'shot.dat', width: 2, height: 2 });
    expect(Buffer.from(part.data, 'base64')).toEqual(png(2, 2));
  });

  it('refuses a file that is not an image though it is named like one', () => {
    writeFileSync(join(dir, 'fake.png'), 'just text');
    expect(() => attachImage('fake.png', dir)).toThrow('fake.png is not a PNG, JPEG, GIF or WebP image (judged by its content, not its name)');
  });

  it('says so for a missing file and a directory', () => {
    expect(() => attachImage('nope.png', dir)).toThrow('cannot read the image nope.png: no such file');
    expect(() => attachImage('.', dir)).toThrow('. is not a file');
  });

  it('refuses an image over 5 MB once encoded, before reading it', () => {
    writeFileSync(join(dir, 'big.png'), Buffer.concat([png(2, 2), Buffer.alloc(MAX_IMAGE_FILE_BYTES)]));
    expect(() => attachImage('big.png', dir)).toThrow(/^big\.png is 3\.75 MB; an image may be at most 3\.75 MB \(5 MB once base64-encoded, Anthropic's limit\)/);
  });

  it('refuses an image over 8000 pixels on a side', () => {
    expect(() => imageFromBytes(png(8001, 1), 'wide.png')).toThrow('wide.png is 8001×1 pixels; an image may be at most 8000 pixels on either side: scale it down');
  });
});
