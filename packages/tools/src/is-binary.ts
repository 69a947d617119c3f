/**
 * Binary detection as git and ripgrep do it: a NUL byte in the first 8 KiB.
 * (Strict UTF-8 decoding is `decodeUtf8Strict`, in files/utf8.ts.)
 */
export const BINARY_SNIFF_BYTES = 8192;

export function isBinary(buffer: Uint8Array): boolean {
  const head = buffer.length > BINARY_SNIFF_BYTES ? buffer.subarray(0, BINARY_SNIFF_BYTES) : buffer;
  return head.indexOf(0) !== -1;
}
