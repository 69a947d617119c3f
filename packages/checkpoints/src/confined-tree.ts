/**
 * Writing and deleting the project's files so that nothing outside it is ever
 * written or deleted through a symbolic link, whatever a process the model
 * left running swaps in at any moment (`while :; do rm -rf sub; ln -s ~/.ssh
 * sub; done &`). A check before a write by path (lstat, then open) leaves a
 * window in which `sub` can become a link; git's own checkout has that window,
 * and `git rm` does not even check (it unlinked `sub/x` through the link).
 *
 * So every directory is opened one name at a time, each relative to the one
 * opened before it, with O_NOFOLLOW | O_DIRECTORY: a link (or a file) in the
 * way fails the open instead of being followed, and once open, a directory is
 * that directory whatever is renamed or linked in its place afterwards. Node
 * has no openat(), so "relative to a directory" is the path
 * `/proc/self/fd/<fd>/<name>`: Linux resolves it from the open directory
 * itself. The file is then made with O_CREAT | O_EXCL | O_NOFOLLOW (an
 * existing file or link is unlinked first, never followed), a link with
 * symlink(), which never follows either. Where /proc/self/fd cannot be used
 * (another system), each name is opened by its full path, still with
 * O_NOFOLLOW: a link swapped in above it between two opens is not caught.
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, rmdirSync, statSync, symlinkSync, unlinkSync, writeSync } from 'node:fs';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_DIRECTORY, O_NOFOLLOW } = constants;
const DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
const NEW_FILE_FLAGS = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** A path that cannot be written or deleted without going through a link, or past what is in its way: left alone. */
export class UnsafePath extends Error {
  override name = 'UnsafePath';
}

/** An open directory of the project, and its path (used only without /proc/self/fd). */
interface Dir {
  fd: number;
  path: Buffer;
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** The names of a byte-string path; one that could leave its directory is refused. */
function namesOf(path: string): string[] {
  const names = path.split('/');
  if (names.some((n) => n === '' || n === '.' || n === '..')) throw new UnsafePath(`not a plain path: ${JSON.stringify(path)}`);
  return names;
}

/** The project's directory, opened for one restore: `close` when done. Paths are byte strings (byte-paths.ts). */
export class ConfinedTree {
  private readonly root: Dir;
  private readonly viaProc: boolean;

  constructor(rootPath: string) {
    const path = Buffer.from(rootPath);
    this.root = { fd: openSync(path, O_RDONLY | O_DIRECTORY), path };
    this.viaProc = procResolves(this.root.fd);
  }

  close(): void {
    closeSync(this.root.fd);
  }

  /** `name` in `dir`, as a path the kernel resolves from that open directory. */
  private at(dir: Dir, name: string): Buffer {
    const prefix = this.viaProc ? `/proc/self/fd/${dir.fd}/` : `${dir.path.toString('latin1')}/`;
    return Buffer.concat([Buffer.from(prefix, this.viaProc ? 'utf8' : 'latin1'), Buffer.from(name, 'latin1')]);
  }

  /** Open `name` in `parent` as a directory, never through a link; undefined: nothing there (`make`: made). */
  private openDir(parent: Dir, name: string, make: boolean): Dir | undefined {
    const path = this.at(parent, name);
    try {
      return { fd: openSync(path, DIR_FLAGS), path };
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw new UnsafePath(`${name} is a symbolic link or not a directory (${errorCode(err)})`);
      if (!make) return undefined;
    }
    try {
      mkdirSync(path, 0o777);
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw new UnsafePath(`cannot make the directory ${name} (${errorCode(err)})`);
    }
    // Whatever is there now (made by us, or swapped in since) is opened the same way: never followed.
    return this.openDir(parent, name, false);
  }

  /** The directories holding `names`' last one, opened from the project down (the project first); undefined: one is missing. */
  private openParents(names: string[], make: boolean): Dir[] | undefined {
    const dirs: Dir[] = [this.root];
    try {
      for (const name of names.slice(0, -1)) {
        const dir = this.openDir(dirs.at(-1)!, name, make);
        if (!dir) {
          closeDirs(dirs);
          return undefined;
        }
        dirs.push(dir);
      }
      return dirs;
    } catch (err) {
      closeDirs(dirs);
      throw err;
    }
  }

  /** Delete the file or link at `path` (a link is never followed), then the directories it leaves empty, as `git rm` does. Nothing there: done. */
  remove(path: string): void {
    const names = namesOf(path);
    const dirs = this.openParents(names, false);
    if (!dirs) return;
    try {
      try {
        unlinkSync(this.at(dirs.at(-1)!, names.at(-1)!));
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw new UnsafePath(`cannot delete it (${errorCode(err)}: a directory is in its place?)`);
      }
      // rmdir never follows a link, and fails on a directory that is not empty: then the ones above are not either.
      for (let i = dirs.length - 1; i > 0; i--) {
        try {
          rmdirSync(this.at(dirs[i - 1]!, names[i - 1]!));
        } catch {
          break;
        }
      }
    } finally {
      closeDirs(dirs);
    }
  }

  /** Make `path` a file with `content` (`executable` or not), or a link to `content` (`link`), in place of what is there. */
  write(path: string, content: Buffer, kind: 'file' | 'executable' | 'link'): void {
    const names = namesOf(path);
    const dirs = this.openParents(names, true);
    if (!dirs) throw new UnsafePath('a directory above it was removed while it was written');
    try {
      const at = this.at(dirs.at(-1)!, names.at(-1)!);
      clear(at);
      if (kind === 'link') return symlinkSync(content, at);
      const fd = openSync(at, NEW_FILE_FLAGS, kind === 'executable' ? 0o777 : 0o666);
      try {
        for (let done = 0; done < content.length; ) done += writeSync(fd, content, done);
      } finally {
        closeSync(fd);
      }
    } catch (err) {
      throw err instanceof UnsafePath ? err : new UnsafePath(`cannot write it (${errorCode(err) ?? (err as Error).message})`);
    } finally {
      closeDirs(dirs);
    }
  }
}

/** Make room for a new file at `at`: a file or link goes (unlinked, never followed), an empty directory too; anything else is in the way. */
function clear(at: Buffer): void {
  try {
    unlinkSync(at);
    return;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
  }
  try {
    rmdirSync(at);
  } catch (err) {
    throw new UnsafePath(`something that is not a file is in its place (${errorCode(err)})`);
  }
}

function closeDirs(dirs: Dir[]): void {
  // The first is the project, closed with the tree.
  for (const dir of dirs.slice(1)) closeSync(dir.fd);
}

/** Whether `/proc/self/fd/<fd>` is the directory `fd` holds (Linux with /proc mounted). */
function procResolves(fd: number): boolean {
  try {
    const viaProc = statSync(`/proc/self/fd/${fd}`);
    const held = fstatSync(fd);
    return viaProc.ino === held.ino && viaProc.dev === held.dev;
  } catch {
    return false;
  }
}
