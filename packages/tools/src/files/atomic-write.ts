/**
 * Writing a file so that it is never seen half-written: the new bytes go to a
 * temporary file beside the target, which is then renamed over it (rename is
 * atomic within a directory). An interrupted write leaves the old file or the
 * new one, never a mix. Writing through a symlink changes the file it points
 * to and keeps the link; an existing file keeps its mode (and, when lug runs as
 * root, its owner); missing parent directories are created.
 *
 * The temporary file (`.NAME.PID.HEX.lug-tmp`) is removed when the write fails
 * or is aborted, by the exit cleanup when lug is stopped by a signal it can
 * catch, and, when lug was killed with SIGKILL, by the next lug's start-up
 * sweep (temp-files.ts, leftover-registry.ts).
 */
import { access, chmod, chown, constants, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { recordTempDirectory } from '../leftovers/leftover-registry.js';
import { FileError } from './file-error.js';
import { resolveSymlinkTarget } from './symlink-target.js';
import { temporaryPathBeside, tempFilesInProgress } from './temp-files.js';
import { directoryError, explainFileSystemError } from './text-file.js';

/** Written in slices so that an abort can stop a large write part-way. */
const SLICE_BYTES = 4 * 1024 * 1024;

export interface AtomicWriteOptions {
  /** Stops the write; the target is left as it was and the temporary file removed. */
  signal?: AbortSignal;
  /** The path as the user or model wrote it, for error messages. Default: the absolute path. */
  shownPath?: string;
  /**
   * Follow symlinks to their final target (the default), or write `absPath`
   * itself: a path already resolved when its call was decided (`decidedPath`),
   * which a link made since must not redirect. The rename then replaces
   * whatever is at `absPath`, a link included, and never writes through it.
   */
  followLinks?: boolean;
}

export interface AtomicWriteResult {
  /** The file that was written: the path itself, or the final target of its symlinks. */
  target: string;
  /** True when the file did not exist before. */
  created: boolean;
  /** The mode bits the file has after the write. */
  mode: number;
}

function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null ? (err as NodeJS.ErrnoException).code : undefined;
}

async function existingFile(target: string, shownPath: string): Promise<Stats | undefined> {
  let info: Stats;
  try {
    info = await stat(target);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw await explainFileSystemError(err, target, shownPath);
  }
  if (info.isDirectory()) throw directoryError(shownPath);
  if (!info.isFile()) {
    throw new FileError('not_file', `${shownPath} is not a regular file (it is a device, socket or pipe); only regular files can be written.`);
  }
  return info;
}

async function ensureWritable(target: string, info: Stats, shownPath: string): Promise<void> {
  try {
    await access(target, constants.W_OK);
  } catch {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    throw new FileError('permission', `${shownPath} is read-only (mode ${mode}); lug does not change files you cannot write. Change its mode first if you mean to.`);
  }
}

async function ensureParentDirectory(dir: string, shownPath: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new FileError('parent_not_directory', `cannot create ${shownPath}: a part of its directory path is a file, not a directory.`);
    }
    throw await explainFileSystemError(err, dir, path.dirname(shownPath));
  }
}

/** At most this many buffers in one writev (POSIX guarantees 16; Linux takes 1024). */
const MAX_IOVECS = 1024;

/** The chunks cut into slices of at most SLICE_BYTES, grouped into writes of at most SLICE_BYTES each. */
function* writeBatches(chunks: readonly Uint8Array[]): Generator<Uint8Array[]> {
  let batch: Uint8Array[] = [];
  let size = 0;
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
      const slice = chunk.subarray(at, Math.min(chunk.length, at + SLICE_BYTES));
      if (batch.length > 0 && (size + slice.length > SLICE_BYTES || batch.length === MAX_IOVECS)) {
        yield batch;
        batch = [];
        size = 0;
      }
      batch.push(slice);
      size += slice.length;
    }
  }
  if (batch.length > 0) yield batch;
}

async function writeTemporary(tmp: string, chunks: readonly Uint8Array[], mode: number, signal?: AbortSignal): Promise<void> {
  const handle = await open(tmp, 'wx', mode);
  try {
    // Many small chunks (an edit replacing thousands of places) go out a batch per system call.
    for (const batch of writeBatches(chunks)) {
      signal?.throwIfAborted();
      let written = (await handle.writev(batch)).bytesWritten;
      // A short write: the rest one buffer at a time.
      for (const b of batch) {
        const skip = Math.min(written, b.length);
        written -= skip;
        for (let at = skip; at < b.length; ) at += (await handle.write(b, at, b.length - at)).bytesWritten;
      }
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Make the rename itself durable; some file systems cannot sync a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/** Copy the owner too when we are allowed to (root); otherwise the file becomes ours, as with any editor. */
async function keepOwner(tmp: string, info: Stats): Promise<void> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  try {
    await chown(tmp, info.uid, info.gid);
  } catch {
    // best effort
  }
}

/**
 * An error of the temporary file or of the rename, said of the directory: the
 * file itself passed its checks (it may well be writable), but replacing it
 * makes a new file beside it. Said of the file, a directory closed to you read
 * "permission denied on f.txt", and a file in /proc, where no file can be
 * made, "does not exist".
 */
async function explainReplaceError(err: unknown, target: string, shownPath: string): Promise<unknown> {
  const dir = path.dirname(target);
  const how = `lug writes the new content to a new file beside ${shownPath} and renames it over the old one, so that no one sees it half-written`;
  switch (errnoCode(err)) {
    case 'EACCES':
    case 'EPERM':
      return new FileError('permission', `cannot write ${shownPath}: its directory (${dir}) does not let you make files in it (${how}). Nothing was changed.`);
    case 'EROFS':
      return new FileError('not_writable', `cannot write ${shownPath}: its directory (${dir}) is on a read-only file system. Nothing was changed.`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new FileError('not_writable', `cannot write ${shownPath}: no space left for it on the disk that holds ${dir} (or your quota there is used up). Nothing was changed.`);
    case 'ENOENT':
      return new FileError('not_writable', `cannot write ${shownPath}: no new file can be made in its directory (${dir}), as in /proc or /sys (${how}). Nothing was changed.`);
    default:
      return explainFileSystemError(err, target, shownPath);
  }
}

/**
 * Write `data` to `absPath` atomically (see the file comment). `data` may be a
 * list of chunks, written one after the other: a large edit writes slices of
 * the old file and the new text without joining them in memory.
 */
export async function writeFileAtomic(
  absPath: string,
  data: string | Uint8Array | readonly Uint8Array[],
  options: AtomicWriteOptions = {},
): Promise<AtomicWriteResult> {
  const shownPath = options.shownPath ?? absPath;
  options.signal?.throwIfAborted();
  const target = options.followLinks === false ? path.resolve(absPath) : await resolveSymlinkTarget(absPath);
  const before = await existingFile(target, shownPath);
  if (before) await ensureWritable(target, before, shownPath);
  await ensureParentDirectory(path.dirname(target), shownPath);

  const chunks = typeof data === 'string' ? [Buffer.from(data, 'utf8')] : data instanceof Uint8Array ? [data] : data;
  const mode = before ? before.mode & 0o7777 : 0o666;
  const tmp = temporaryPathBeside(target);
  // Noted before the file exists: a SIGKILL at any point after leaves a note the next start sweeps by.
  recordTempDirectory(path.dirname(tmp));
  tempFilesInProgress.add(tmp);
  try {
    await writeTemporary(tmp, chunks, mode & 0o777, options.signal);
    if (before) {
      await keepOwner(tmp, before);
      // open() applied the umask; set the old bits exactly (setuid etc. included).
      await chmod(tmp, mode);
    }
    options.signal?.throwIfAborted();
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw await explainReplaceError(err, target, shownPath);
  } finally {
    tempFilesInProgress.delete(tmp);
  }
  await syncDirectory(path.dirname(target));
  const after = await stat(target);
  return { target, created: !before, mode: after.mode & 0o7777 };
}
