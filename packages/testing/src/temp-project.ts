/**
 * A throw-away project directory built from a map of files, for tool and
 * agent tests that need real files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TempProject {
  /** The project's absolute path (real path: symlinked temp dirs resolved). */
  readonly dir: string;
  /** Absolute path of a file inside the project. */
  path(relative: string): string;
  read(relative: string): string;
  /** Write a file, creating its directories. */
  write(relative: string, content: string | Uint8Array): void;
  exists(relative: string): boolean;
  /** Every file below the project, as sorted relative paths with forward slashes. */
  list(): string[];
  /** Delete the whole directory. */
  remove(): void;
}

function inside(dir: string, relative: string): string {
  const full = path.resolve(dir, relative);
  if (full !== dir && !full.startsWith(dir + path.sep)) {
    throw new Error(`tempProject: "${relative}" points outside the project; give a path relative to it, without ".." going above it`);
  }
  return full;
}

function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out.sort();
}

/**
 * Make a temporary directory holding `files` (relative path → content). A key
 * ending in "/" makes an empty directory.
 *
 *     const project = tempProject({ 'src/a.ts': 'export {}', 'README.md': '# hi', 'empty/': '' });
 */
export function tempProject(files: Record<string, string | Uint8Array> = {}): TempProject {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'lug-project-')));
  const project: TempProject = {
    dir,
    path: (rel) => inside(dir, rel),
    read: (rel) => fs.readFileSync(inside(dir, rel), 'utf8'),
    write(rel, content) {
      const full = inside(dir, rel);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, content);
    },
    exists: (rel) => fs.existsSync(inside(dir, rel)),
    list: () => listFiles(dir),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
  for (const [rel, content] of Object.entries(files)) {
    if (rel.endsWith('/')) fs.mkdirSync(inside(dir, rel), { recursive: true });
    else project.write(rel, content);
  }
  return project;
}

/** Empty temporary directories, made one by one and removed together. */
export interface TempDirs {
  /** A new empty directory (its real path). */
  make(): string;
  /** Remove every directory made so far; call it in afterEach or afterAll. */
  removeAll(): void;
}

/**
 * Temporary directories for a test file:
 *
 *     const dirs = tempDirs('lug-read-');
 *     afterEach(() => dirs.removeAll());
 *     const dir = dirs.make();
 */
export function tempDirs(prefix = 'lug-test-'): TempDirs {
  const made: string[] = [];
  return {
    make() {
      const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
      made.push(dir);
      return dir;
    },
    removeAll() {
      // A lug's background git (a checkpoint) may still be writing in one: retried, not failed with ENOTEMPTY.
      for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    },
  };
}
