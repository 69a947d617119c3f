/**
 * The last `maxBytes` bytes of a stream, in memory that stays flat however
 * much passes through: chunks are kept in a short list and dropped from the
 * front once the rest already holds `maxBytes`.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private held = 0;
  /** Every byte pushed, kept or not. */
  total = 0;

  constructor(readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.total += chunk.length;
    this.chunks.push(chunk);
    this.held += chunk.length;
    while (this.chunks.length > 1 && this.held - this.chunks[0]!.length >= this.maxBytes) {
      this.held -= this.chunks.shift()!.length;
    }
  }

  /**
   * The kept text: at most `maxBytes` bytes, starting at a UTF-8 character
   * boundary, and how many bytes of the stream it leaves out.
   */
  text(): { text: string; cutBytes: number } {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.held);
    let start = Math.max(0, all.length - this.maxBytes);
    // Never begin inside a multi-byte character: skip its continuation bytes.
    if (start > 0) while (start < all.length && (all[start]! & 0xc0) === 0x80) start++;
    const kept = all.subarray(start);
    return { text: kept.toString('utf8'), cutBytes: this.total - kept.length };
  }
}
