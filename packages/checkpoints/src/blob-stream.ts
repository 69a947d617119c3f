/**
 * Blobs of the shadow read in one `git cat-file --batch`, each handed on as
 * soon as it has come in whole (a restore of many large files never holds
 * them all at once).
 */
import type { ShadowGit } from './shadow-git.js';

/** `--batch` output: "<oid> blob <size>\n<content>\n" per object, or "<oid> missing\n". */
class BatchParser {
  private parts: Buffer[] = [];
  private length = 0;
  private pending: { oid: string; size: number } | undefined;

  constructor(private readonly onBlob: (oid: string, content: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.parts.push(chunk);
    this.length += chunk.length;
    for (;;) {
      if (!this.pending) {
        const buf = this.joined();
        const eol = buf.indexOf(10);
        if (eol < 0) return;
        const [oid, type, size] = buf.subarray(0, eol).toString('latin1').split(' ');
        this.keep(buf.subarray(eol + 1));
        if (type !== 'missing') this.pending = { oid: oid!, size: Number(size) };
        continue;
      }
      const { oid, size } = this.pending;
      if (this.length < size + 1) return;
      const buf = this.joined();
      this.keep(buf.subarray(size + 1));
      this.pending = undefined;
      this.onBlob(oid, buf.subarray(0, size));
    }
  }

  private joined(): Buffer {
    if (this.parts.length > 1) this.parts = [Buffer.concat(this.parts)];
    return this.parts[0] ?? Buffer.alloc(0);
  }

  private keep(rest: Buffer): void {
    this.parts = rest.length ? [rest] : [];
    this.length = rest.length;
  }
}

/** Hand each of `oids`' contents to `onBlob` (once per oid; a missing one is not handed on). Resolves with whether git succeeded. */
export async function streamBlobs(git: ShadowGit, oids: readonly string[], onBlob: (oid: string, content: Buffer) => void): Promise<boolean> {
  if (!oids.length) return true;
  const parser = new BatchParser(onBlob);
  const r = await git.stream(['cat-file', '--batch'], oids.join('\n') + '\n', (chunk) => parser.push(chunk));
  return r.code === 0;
}
