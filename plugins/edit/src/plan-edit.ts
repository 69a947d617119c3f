/**
 * Everything an edit decides before it writes: the file's text, where
 * old_string occurs, and the text after the replacement. The handler writes
 * what this returns; the preview shows it. One function, so the dialog shows
 * exactly what the edit will do.
 */
import {
  detectLineEnding,
  FileError,
  readTextFile,
  resolvePath,
  resolveSymlinkTarget,
  ToolError,
  withLineEnding,
  type LineEnding,
  type ToolContext,
} from '@lug/tools';
import { noMatchMessage } from './no-match.js';
import { findOccurrences, lineNumbersAt, listLines } from './occurrences.js';

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
  /** The file's text before and after (without a byte order mark). */
  before: string;
  after: string;
  /** Whether the file starts with a byte order mark, which is kept. */
  bom: boolean;
  lineEnding: LineEnding;
  /** Where each replacement's new text starts in `after`, and its length. */
  replacements: Array<{ start: number; length: number }>;
  /** The length of the text each replacement replaced (old_string as found in the file). */
  replacedLength: number;
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

async function readFileToEdit(target: string, shownPath: string) {
  try {
    return await readTextFile(target, shownPath);
  } catch (err) {
    if (err instanceof FileError && err.reason === 'missing') {
      throw new ToolError(`${err.message} edit changes existing files; to create a file, use write.`);
    }
    throw err;
  }
}

function replaceAt(text: string, starts: number[], old: string, replacement: string): { after: string; replacements: EditPlan['replacements'] } {
  const parts: string[] = [];
  const replacements: EditPlan['replacements'] = [];
  let from = 0;
  let length = 0;
  for (const start of starts) {
    parts.push(text.slice(from, start));
    length += start - from;
    replacements.push({ start: length, length: replacement.length });
    parts.push(replacement);
    length += replacement.length;
    from = start + old.length;
  }
  parts.push(text.slice(from));
  return { after: parts.join(''), replacements };
}

/** The file an edit changes: the path from the working directory, symlinks followed. */
export async function editTarget(args: Pick<EditArgs, 'path'>, ctx: Pick<ToolContext, 'cwd'>): Promise<string> {
  return resolveSymlinkTarget(resolvePath(ctx.cwd, args.path));
}

/** Work out the edit, or throw a ToolError that says how to fix the call. Changes nothing. */
export async function planEdit(args: EditArgs, ctx: Pick<ToolContext, 'cwd' | 'limits'>): Promise<EditPlan> {
  checkStrings(args);
  const absPath = resolvePath(ctx.cwd, args.path);
  const target = await editTarget(args, ctx);
  const file = await readFileToEdit(target, args.path);
  const lineEnding = detectLineEnding(file.text);

  for (const { old, replacement } of spellings(args, lineEnding)) {
    const starts = findOccurrences(file.text, old);
    if (starts.length === 0) continue;
    if (old === replacement) {
      throw new ToolError(
        `old_string and new_string differ only in line endings, and ${args.path} keeps its own (${lineEnding === '\r\n' ? 'CRLF' : 'LF'}), so the edit would change nothing.`,
      );
    }
    if (starts.length > 1 && !args.replace_all) {
      throw new ToolError(
        `old_string occurs ${starts.length} times in ${args.path}, on ${listLines(lineNumbersAt(file.text, starts))}; it must occur exactly once. ` +
          'Add surrounding lines to old_string to pick one, or pass replace_all: true to replace every occurrence.',
      );
    }
    const { after, replacements } = replaceAt(file.text, starts, old, replacement);
    return { absPath, target, before: file.text, after, bom: file.bom, lineEnding, replacements, replacedLength: old.length };
  }
  const searched = spellings(args, lineEnding)[0]!.old;
  throw new ToolError(noMatchMessage(file.text, searched, args.path, ctx.limits.lineChars));
}
