/**
 * The project's files as one commit of the shadow repository: what changed
 * since the last one (one `git status` against the shadow's index) is added,
 * files over the size limit are left out, and a tree is written. Nothing
 * changed costs that one status. The shadow's HEAD is the last state written,
 * a commit with no parent (so a state no checkpoint names can be pruned), and
 * its index always matches it.
 */
import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fsPath, pathList, shownPath } from './byte-paths.js';
import { isNestedRepo, isStandIn, walkInto } from './nested-repos.js';
import { nulFields, type ShadowGit } from './shadow-git.js';

/** Past this many changed paths, `git add -A` takes the whole tree rather than a list (a list of 10,000 took 30 s, the whole tree 2 s). */
const MANY_PATHS = 200;

export interface Snapshot {
  /** The commit holding the files' tree. */
  commit: string;
  /** Files left out for their size (project-relative), with their size in bytes. */
  skipped: Array<{ path: string; size: number }>;
  /** The state written before this one (the shadow's HEAD then), if any. */
  previous: string | undefined;
}

interface StatusView {
  head: string | undefined;
  /** Paths whose file differs from the index, or is not in it. */
  changed: string[];
  /**
   * Paths in the index whose file is gone, also where a directory above it
   * became a symbolic link (`rm -rf src && ln -s ~ src`): `git add` refuses
   * those ("beyond a symbolic link"), which stopped every later checkpoint.
   */
  deleted: string[];
  /** Whether the index differs from HEAD (a restore wrote it): a tree is written even with nothing to add. */
  staged: boolean;
  /** Nested git repositories not walked into yet, as `dir/` (nested-repos.ts). */
  nested: string[];
  /** Stand-in entries in the index (nested-repos.ts), which go with the next add. */
  standIns: string[];
}

/** `git status --porcelain=v2 -z`: the HEAD commit and every path that differs from the index (or is new), as byte strings (byte-paths.ts). */
export function parseStatus(out: Buffer): StatusView {
  let head: string | undefined;
  const changed: string[] = [];
  const deleted: string[] = [];
  const nested: string[] = [];
  const standIns: string[] = [];
  let staged = false;
  for (const field of nulFields(out, 'latin1')) {
    if (isStandIn(field)) standIns.push(afterFields(field, 8));
    else if (field.startsWith('# branch.oid ')) {
      const oid = field.slice('# branch.oid '.length);
      head = /^[0-9a-f]{40,64}$/.test(oid) ? oid : undefined;
    } else if (field.startsWith('1 ') || field.startsWith('u ')) {
      // "1 XY ...": X is the index against HEAD, Y the file against the index.
      if (field.charAt(2) !== '.') staged = true;
      if (field.startsWith('1 ') && field.charAt(3) === 'D') deleted.push(afterFields(field, 8));
      else if (field.charAt(3) !== '.' || field.startsWith('u ')) changed.push(afterFields(field, field.startsWith('u ') ? 10 : 8));
    } else if (field.startsWith('? ')) (isNestedRepo(field) ? nested : changed).push(field.slice(2));
  }
  return { head, changed, deleted, staged, nested, standIns };
}

/** The rest of `line` after its first `n` space-separated fields (a path may hold spaces). */
function afterFields(line: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) at = line.indexOf(' ', at) + 1;
  return line.slice(at);
}

/** A path as an anchored, literal line of a gitignore file. */
function excludeLine(path: string): string {
  // Whitespace by name: \s would also take byte 0xA0 of a latin1 byte string (harmless, but not what is meant).
  return '/' + path.replace(/[\\*?[\]!# \t\n\r\v\f]/g, (c) => `\\${c}`);
}

export class SnapshotWriter {
  private readonly excludeFile: string;

  constructor(
    private readonly git: ShadowGit,
    /** Files over this many bytes are left out. */
    private readonly maxFileSize: () => number,
  ) {
    this.excludeFile = join(git.gitDir, 'info', 'exclude');
  }

  /** The large files left out so far (the shadow's info/exclude), as project paths. */
  private excluded(): Map<string, string> {
    const lines = new Map<string, string>();
    let text = '';
    try {
      text = readFileSync(this.excludeFile, 'latin1');
    } catch {}
    for (const line of text.split('\n')) if (line.startsWith('/')) lines.set(line.slice(1).replace(/\\(.)/g, '$1'), line);
    return lines;
  }

  private sizeOf(path: string): number | undefined {
    try {
      const st = lstatSync(fsPath(this.git.workTree, path));
      return st.isFile() ? st.size : undefined;
    } catch {
      return undefined;
    }
  }

  async status(): Promise<StatusView> {
    const out = await this.git.ok(['status', '--porcelain=v2', '--branch', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules=all']);
    return parseStatus(out);
  }

  /** Write the files' state now; the same commit as before when nothing changed. */
  async write(): Promise<Snapshot> {
    const limit = this.maxFileSize();
    const excluded = this.excluded();
    const skipped: Snapshot['skipped'] = [];
    // A file left out for its size that is now small enough comes back in.
    let excludeChanged = false;
    for (const path of excluded.keys()) {
      const size = this.sizeOf(path);
      if (size === undefined || size <= limit) {
        excluded.delete(path);
        excludeChanged = true;
      } else skipped.push({ path: shownPath(path), size });
    }
    if (excludeChanged) this.saveExcluded(excluded);
    const view = await walkInto(this.git, await this.status(), () => this.status());
    const add: string[] = [];
    const untrack: string[] = [];
    for (const path of view.changed) {
      const size = this.sizeOf(path);
      if (size !== undefined && size > limit) {
        skipped.push({ path: shownPath(path), size });
        excluded.set(path, excludeLine(path));
        untrack.push(path);
      } else add.push(path);
    }
    if (untrack.length) {
      this.saveExcluded(excluded);
      await this.git.ok(['rm', '--cached', '-q', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], pathList(untrack));
    }
    // Taken out of the index by name, not matched as a pathspec, so a path beyond a symbolic link goes too.
    if (view.deleted.length) await this.git.ok(['update-index', '-z', '--force-remove', '--stdin'], pathList(view.deleted, true));
    const same = !view.staged && !add.length && !untrack.length && !view.deleted.length;
    // A nested repository with no file to keep: its stand-in goes, and the state is the same.
    if (same && view.standIns.length) await this.git.ok(['update-index', '-z', '--force-remove', '--stdin'], pathList(view.standIns, true));
    else add.push(...view.standIns);
    if (view.head && same) return { commit: view.head, skipped, previous: view.head };
    // Many paths (the first checkpoint of a project): the whole tree at once, as git matches a long pathspec list path by path.
    if (add.length > MANY_PATHS) await this.git.ok(['add', '-A']);
    // A path gone since status (a running process removes it: "did not match any files"): the whole tree, which matches no pathspec.
    else if (add.length && (await this.git.run(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], pathList(add))).code !== 0) await this.git.ok(['add', '-A']);
    const tree = (await this.git.text(['write-tree'])).trim();
    const commit = (await this.git.text(['commit-tree', tree, '-m', 'files'])).trim();
    await this.git.ok(['update-ref', 'HEAD', commit]);
    return { commit, skipped, previous: view.head };
  }

  private saveExcluded(excluded: Map<string, string>): void {
    writeFileSync(this.excludeFile, [...excluded.values()].map((l) => l + '\n').join(''), 'latin1');
  }
}
