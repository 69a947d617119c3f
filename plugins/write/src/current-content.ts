/**
 * A file's current text for the approval dialog's diff: null when it does not
 * exist yet. A file that is not text is described rather than shown, since a
 * write replaces it whole anyway.
 */
import { readFile } from 'node:fs/promises';
import { decodeUtf8Strict, FileError, statRegularFile } from '@lug/tools';

export async function currentContent(target: string, shownPath: string): Promise<string | null> {
  let size: number;
  try {
    size = (await statRegularFile(target, shownPath)).size;
  } catch (err) {
    if (err instanceof FileError && err.reason === 'missing') return null;
    throw err;
  }
  const bytes = await readFile(target);
  try {
    return decodeUtf8Strict(bytes, shownPath).text;
  } catch (err) {
    if (!(err instanceof FileError)) throw err;
    return `[${err.reason === 'binary' ? 'binary file' : 'file that is not UTF-8 text'}, ${size} bytes: not shown]`;
  }
}
