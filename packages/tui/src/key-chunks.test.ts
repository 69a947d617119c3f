import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { keyChunkedStdin, splitKeyChunk } from './key-chunks.js';

describe('splitKeyChunk', () => {
  it('cuts control keys typed among text into key presses of their own, in order', () => {
    expect(splitKeyChunk('fix\x7f\x7fne')).toEqual(['fix', '\x7f', '\x7f', 'ne']);
    expect(splitKeyChunk('one two\x17three\x01start ')).toEqual(['one two', '\x17', 'three', '\x01', 'start ']);
    expect(splitKeyChunk('\x15')).toEqual(['\x15']);
  });

  it('cuts the Enter presses of a typed chunk too', () => {
    expect(splitKeyChunk('ab\x7fc\rnext')).toEqual(['ab', '\x7f', 'c', '\r', 'next']);
  });

  it('cuts an Enter that starts a chunk of one line from the keys typed after it', () => {
    expect(splitKeyChunk('\rthen')).toEqual(['\r', 'then']);
    expect(splitKeyChunk('\rab\x7fc')).toEqual(['\r', 'ab', '\x7f', 'c']);
    // More lines after it: a paste without bracketing, left to the input store.
    expect(splitKeyChunk('\rline one\rline two')).toEqual(['\rline one\rline two']);
    expect(splitKeyChunk('\r')).toEqual(['\r']);
  });

  it('leaves whole a chunk of text whose only control characters are CR and LF: a paste, or text and Enter', () => {
    expect(splitKeyChunk('line one\rline two\r')).toEqual(['line one\rline two\r']);
    expect(splitKeyChunk('hello\r')).toEqual(['hello\r']);
    expect(splitKeyChunk('plain text')).toEqual(['plain text']);
  });

  it('never cuts an escape sequence or ESC from the character after it', () => {
    expect(splitKeyChunk('ab\x1b\x7fcd\x15')).toEqual(['ab\x1b\x7fcd', '\x15']);
    expect(splitKeyChunk('\x1b[Dab\x7f\x1b[200~x\x1b[201~')).toEqual(['\x1b[Dab', '\x7f', '\x1b[200~x\x1b[201~']);
    expect(splitKeyChunk('a\x1b\x1b[A')).toEqual(['a\x1b\x1b[A']);
  });
});

class FakeStdin extends EventEmitter {
  isTTY = true;
  chunks: unknown[] = [];
  read(): unknown {
    return this.chunks.length ? this.chunks.shift() : null;
  }
  setRawMode(raw: boolean) {
    this.raw = raw;
    return this;
  }
  raw = false;
}

describe('keyChunkedStdin', () => {
  it('hands out a chunk\'s key presses one read at a time, then the next chunk\'s', () => {
    const raw = new FakeStdin();
    raw.chunks.push('ab\x7fc', 'd');
    const stdin = keyChunkedStdin(raw as unknown as NodeJS.ReadStream);
    const reads: unknown[] = [];
    for (let chunk = stdin.read(); chunk !== null; chunk = stdin.read()) reads.push(chunk);
    expect(reads).toEqual(['ab', '\x7f', 'c', 'd']);
  });

  it('is the stream itself for everything but read: listeners, raw mode, isTTY', () => {
    const raw = new FakeStdin();
    const stdin = keyChunkedStdin(raw as unknown as NodeJS.ReadStream);
    let heard = 0;
    stdin.addListener('readable', () => heard++);
    raw.emit('readable');
    stdin.setRawMode(true);
    expect(heard).toBe(1);
    expect(raw.raw).toBe(true);
    expect(stdin.isTTY).toBe(true);
  });

  it('passes a Buffer on as it came (ink sets utf8 before it reads)', () => {
    const raw = new FakeStdin();
    raw.chunks.push(Buffer.from('a\x7f'));
    expect(keyChunkedStdin(raw as unknown as NodeJS.ReadStream).read()).toEqual(Buffer.from('a\x7f'));
  });
});
