/**
 * The bytes of the file an edit changes, read through a handle checked to be the file its call was approved on
 * (checkOpenedAt): a directory on the way swapped for a symlink since decidedPath checked the path would otherwise
 * have edit read (and show, in its messages) a file nobody approved. Strict UTF-8 and no NUL, as readTextBytes.
 */
import { isUtf8 } from 'node:buffer';
import { checkOpenedAt, decodeUtf8Strict, explainFileSystemError, FileError, openRegularFile } from '@lug/tools';

export async function readApprovedText(target: string, shownPath: string): Promise<{ bytes: Buffer; bom: boolean }> {
  const { handle } = await openRegularFile(target, shownPath);
  let bytes: Buffer;
  try {
    await checkOpenedAt(handle, target, shownPath);
    bytes = await handle.readFile().catch(async (err: unknown) => {
      throw await explainFileSystemError(err, target, shownPath);
    });
  } finally {
    await handle.close();
  }
  // Both checks are native and allocate nothing; the decoder runs only to name the first bad byte.
  if (bytes.indexOf(0) !== -1 || !isUtf8(bytes)) {
    decodeUtf8Strict(bytes, shownPath);
    throw new FileError('not_utf8', `${shownPath} is not valid UTF-8; only UTF-8 text can be shown or edited.`);
  }
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bytes, bom };
}
