/**
 * A file's current text for the approval dialog's diff: null when it does not
 * exist yet. A file that is not text is described rather than shown, since a
 * write replaces it whole anyway.
 */
import { decodeUtf8Strict, FileError, readRegularFile } from '@lug/tools';

export async function currentContent(target: string, shownPath: string): Promise<string | null> {
  let bytes: Buffer;
  try {
    // Through a handle checked to be a regular file (readRegularFile): never a pipe's wait or a device's endless read.
    ({ bytes } = await readRegularFile(target, shownPath));
  } catch (err) {
    if (err instanceof FileError && err.reason === 'missing') return null;
    throw err;
  }
  try {
    return decodeUtf8Strict(bytes, shownPath).text;
  } catch (err) {
    if (!(err instanceof FileError)) throw err;
    return `[${err.reason === 'binary' ? 'binary file' : 'file that is not UTF-8 text'}, ${bytes.length} bytes: not shown]`;
  }
}
