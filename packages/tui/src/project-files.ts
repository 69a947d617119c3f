/**
 * The project's files for `@` completion: listed in the background on the
 * first `@`, reused for a while (the TTL), listed again after it. The input
 * asks for completions at each key; a listing that finishes calls `onListed`
 * so the menu can be worked out again.
 */
import { completePathToken, withDirectories, type Completions } from './completion.js';
import type { FileLister } from './contracts.js';
import type { EditorState } from './editor.js';

export interface ProjectFilesOptions {
  listFiles: FileLister;
  cwd?: string;
  /** How long a file list is reused before `@` walks the tree again. */
  ttlMs?: number;
  onListed(): void;
}

export class ProjectFiles {
  private files: string[] | undefined;
  private listedAt = 0;
  private listing: Promise<void> | undefined;

  constructor(private readonly opts: ProjectFilesOptions) {}

  /** Path completions for an `@` token before the cursor; undefined when there is none or the list is not ready. */
  completions(editor: EditorState): Completions | undefined {
    const before = editor.text.slice(0, editor.cursor);
    if (!/(^|\s)@\S*$/.test(before)) return undefined;
    const ttl = this.opts.ttlMs ?? 10_000;
    if (!this.listing && (!this.files || Date.now() - this.listedAt > ttl)) this.list();
    if (!this.files) return undefined;
    return completePathToken(editor, this.files);
  }

  /** Resolves once a listing in flight (if any) has finished: for tests. */
  async ready(): Promise<void> {
    await this.listing;
  }

  private list(): void {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5_000);
    this.listing = this.opts
      .listFiles(this.opts.cwd ?? process.cwd(), controller.signal)
      .then((files) => {
        this.files = withDirectories(files);
        this.listedAt = Date.now();
      })
      .catch(() => {
        this.files = this.files ?? [];
        this.listedAt = Date.now();
      })
      .finally(() => {
        clearTimeout(timer);
        this.listing = undefined;
        this.opts.onListed();
      });
  }
}
