/**
 * Everything an edit decides before it writes: the file's bytes, where
 * old_string occurs, and what to write instead. The handler writes what this
 * returns; the preview shows it. One function, so the dialog shows exactly
 * what the edit will do.
 *
 * The plan works on the file's bytes (strict UTF-8 checked, never decoded
 * whole): old_string is searched as UTF-8 bytes, which in valid UTF-8 finds
 * exactly what a search of the decoded text would, and the new file is
 * written as slices of the old one and the new text. A 100 MB file is in
 * memory once, not as bytes, a string, the new string and its encoding.
 */
import {
  decidedPath,
  FileError,
  readTextBytes,
  resolvePath,
  statRegularFile,
  ToolError,
  withLineEnding,
  type LineEnding,
  type ToolContext,
} from '@lug/tools';
import { detectLineEndingOfBytes, lineNumbersAtBytes } from './byte-lines.js';
import { noMatchMessage } from './no-match.js';
import { listLines } from './occurrences.js';

export interface EditArgs {
  path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

export interface EditPlan {
  /** The path as resolved from the working directory. */
  absPath: string;
  /** The file that changes: absPath, or the final target of its symlinks. */
  target: string;
  /** The file's bytes as they are, byte order mark included. */
  bytes: Buffer;
  /** Where the text starts: 3 after a byte order mark (which is kept), else 0. */
  textStart: number;
  lineEnding: LineEnding;
  /** Byte offsets of the occurrences replaced, ascending. */
  starts: number[];
  /** Bytes of old_string (as spelled in the file) and of its replacement. */
  oldLength: number;
  replacement: Buffer;
}

/** What the plan needs besides the call: the size limit (option edit_max_bytes). */
export interface EditLimits {
  maxBytes: number;
}

function checkStrings(args: EditArgs): void {
  if (args.old_string === '') {
    throw new ToolError(
      'old_string is empty; it must be text copied exactly from the file. To fill an empty file or replace a whole file, use write.',
    );
  }
  if (args.old_string === args.new_string) {
    throw new ToolError('old_string and new_string are the same, so the edit would change nothing; put the new text in new_string.');
  }
}

/**
 * The ways old_string and new_string may be meant, in order: in the file's own
 * line endings first (a model writes LF; a CRLF file needs CRLF), then as given.
 */
function spellings(args: EditArgs, ending: LineEnding): Array<{ old: string; replacement: string }> {
  const inFileEndings = { old: withLineEnding(args.old_string, ending), replacement: withLineEnding(args.new_string, ending) };
  const asGiven = { old: args.old_string, replacement: args.new_string };
  return inFileEndings.old === asGiven.old ? [inFileEndings] : [inFileEndings, asGiven];
}

/** "12.5 MB": sizes in error messages. */
function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
}

/** Where the text to edit comes from: the editor's buffer when lug runs inside an editor that offers it (`ctx.files`), else the disk. */
type EditSource = Pick<ToolContext, 'files' | 'signal'>;

async function readFileToEdit(target: string, shownPath: string, limits: EditLimits, source: Partial<EditSource> = {}) {
  try {
    const stats = await statRegularFile(target, shownPath);
    if (stats.size > limits.maxBytes) {
      throw new ToolError(
        `${shownPath} is ${megabytes(stats.size)} (${stats.size} bytes), more than edit changes (${limits.maxBytes} bytes, the option edit_max_bytes). ` +
          'Change it with bash instead (sed -i, or a script), or raise lug.opt.edit_max_bytes in init.lua.',
      );
    }
    if (source.files?.readText) {
      // The buffer as the editor has it, unsaved changes included: that is the text the edit must match and keep.
      const text = await source.files.readText(target, source.signal ?? new AbortController().signal);
      return { bytes: Buffer.from(text, 'utf8'), bom: text.startsWith('\ufeff') };
    }
    // Through a handle checked to be the approved file: a directory swapped for a symlink since the check is refused.
    return await readTextBytes(target, shownPath, { approved: true });
  } catch (err) {
    if (err instanceof FileError && err.reason === 'missing') {
      throw new ToolError(`${err.message} edit changes existing files; to create a file, use write.`);
    }
    throw err;
  }
}

/** Byte offsets of the non-overlapping occurrences of `needle` at or after `from`, left to right. */
function findOccurrences(bytes: Buffer, needle: string, from: number): number[] {
  // A lone surrogate cannot occur in text decoded from valid UTF-8, so such an old_string matches nothing.
  if (needle === '' || !needle.isWellFormed()) return [];
  const pattern = Buffer.from(needle, 'utf8');
  const found: number[] = [];
  for (let at = bytes.indexOf(pattern, from); at !== -1; at = bytes.indexOf(pattern, at + pattern.length)) found.push(at);
  return found;
}

/**
 * The file an edit changes: the path from the working directory, symlinks
 * followed — the one its call was approved on (`decidedPath`), or an error if
 * the path leads elsewhere now.
 */
export async function editTarget(args: Pick<EditArgs, 'path'>, ctx: Pick<ToolContext, 'cwd' | 'description'>): Promise<string> {
  return decidedPath(ctx, args.path);
}

/** Work out the edit, or throw a ToolError that says how to fix the call. Changes nothing. */
export async function planEdit(args: EditArgs, ctx: Pick<ToolContext, 'cwd' | 'limits' | 'description'> & Partial<EditSource>, limits: EditLimits): Promise<EditPlan> {
  checkStrings(args);
  const absPath = resolvePath(ctx.cwd, args.path);
  const target = await editTarget(args, ctx);
  const file = await readFileToEdit(target, args.path, limits, ctx);
  const bytes = file.bytes;
  const textStart = file.bom ? 3 : 0;
  const lineEnding = detectLineEndingOfBytes(bytes, textStart);

  for (const { old, replacement } of spellings(args, lineEnding)) {
    const starts = findOccurrences(bytes, old, textStart);
    if (starts.length === 0) continue;
    if (old === replacement) {
      throw new ToolError(
        `old_string and new_string differ only in line endings, and ${args.path} keeps its own (${lineEnding === '\r\n' ? 'CRLF' : 'LF'}), so the edit would change nothing.`,
      );
    }
    if (starts.length > 1 && !args.replace_all) {
      throw new ToolError(
        `old_string occurs ${starts.length} times in ${args.path}, on ${listLines(lineNumbersAtBytes(bytes, starts, textStart))}; it must occur exactly once. ` +
          'Add surrounding lines to old_string to pick one, or pass replace_all: true to replace every occurrence.',
      );
    }
    const oldLength = Buffer.byteLength(old, 'utf8');
    return { absPath, target, bytes, textStart, lineEnding, starts, oldLength, replacement: Buffer.from(replacement, 'utf8') };
  }
  // Only now is the text decoded: the hint needs it, and a failed edit holds no new file.
  const searched = spellings(args, lineEnding)[0]!.old;
  throw new ToolError(noMatchMessage(bytes.toString('utf8', textStart), searched, args.path, ctx.limits.lineChars));
}

/** The new file as slices of the old one and the replacement, in order (byte order mark included). */
export function newFileChunks(plan: EditPlan): Buffer[] {
  const chunks: Buffer[] = [];
  let from = 0;
  for (const start of plan.starts) {
    chunks.push(plan.bytes.subarray(from, start), plan.replacement);
    from = start + plan.oldLength;
  }
  chunks.push(plan.bytes.subarray(from));
  return chunks;
}

/** The text before and after, without the byte order mark: for the preview (the dialog's diff). */
export function planTexts(plan: EditPlan): { before: string; after: string } {
  const after = Buffer.concat(newFileChunks(plan));
  return { before: plan.bytes.toString('utf8', plan.textStart), after: after.toString('utf8', plan.textStart) };
}
