/**
 * A generated tree with what git means by "ignored" in each corner: the
 * fixture that the ignore tests of @lug/tools (the walker, ripgrep's flags),
 * grep and ls share, and that any tool walking a project can be tested on.
 *
 *   <base>/parent/.gitignore = "*"       a parent whose .gitignore hides everything,
 *   <base>/parent/project/               a git repository inside it (not hidden),
 *   <base>/plain-parent/.gitignore = "*" and the same for a tree that is not a repository:
 *   <base>/plain-parent/plain/
 *   <base>/home, <base>/xdg              HOME and XDG_CONFIG_HOME; xdg/git/ignore is the global excludes file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Files of the repository, path → content. */
export const PROJECT_FILES: Record<string, string | Buffer> = {
  '.gitignore': '# build output and logs\n*.log\n!keep.log\nbuild/\n/root-only.txt\nsecret*\nsrc/a/b/\n',
  '.env': 'TOKEN=cat\n',
  '.hidden/config.txt': 'cat = hidden\n',
  'README.md': '# Project\n',
  'keep.log': 'cat\n',
  'debug.log': 'cat\n',
  'UPPER.LOG': 'UPPER 1\n',
  'root-only.txt': 'cat\n',
  'excluded.txt': 'cat\n',
  'notes.swp': 'cat\n',
  'secret.txt': 'cat\n',
  'build/out.txt': 'cat\n',
  'build/keep.log': 'cat\n',
  'data/blob.bin': Buffer.from('cat\0\x01\x02binary cat\n', 'latin1'),
  'logs/app.log': 'cat\n',
  'logs/keep.log': 'no match here\n',
  'src/.gitignore': 'generated/\n!important.log\n*.tmp\n',
  'src/main.rs': 'fn main() {\n    let cat = 1;\n    let concat = 2;\n    let a = "fooBAR";\n    let b = "FOObar";\n}\n',
  'src/lib.rs': "pub fn greet() -> &'static str { \"hello world\" }\n// rhythm\n// banana\nabc1\n",
  'src/root-only.txt': 'kept: the root pattern is anchored\n',
  'src/important.log': 'cat here\n',
  'src/trace.log': 'cat here\n',
  'src/cache.tmp': 'cat\n',
  'src/generated/gen.rs': 'let cat = 0;\n',
  'src/a/.gitignore': '!b/\n',
  'src/a/b/inside.rs': 'let inside = "cat";\n',
  'src/util/helpers.rs': 'pub fn helper() {}\n',
  'src/ünïcode.txt': 'Ελληνικά\nnaïve café\n',
  'docs/.gitignore': '*.md\n!guide.md\n',
  'docs/guide.md': 'A guide about cat\n',
  'docs/draft.md': 'cat draft\n',
};

/** What git (and so the tools) lists in the repository: hand-written, sorted. */
export const PROJECT_VISIBLE = [
  '.env',
  '.gitignore',
  '.hidden/config.txt',
  'README.md',
  'UPPER.LOG',
  'data/blob.bin',
  'docs/.gitignore',
  'docs/guide.md',
  'keep.log',
  'logs/keep.log',
  'src/.gitignore',
  'src/a/.gitignore',
  'src/a/b/inside.rs',
  'src/important.log',
  'src/lib.rs',
  'src/main.rs',
  'src/root-only.txt',
  'src/util/helpers.rs',
  'src/ünïcode.txt',
];

/** The tree that is not a repository. */
export const PLAIN_FILES: Record<string, string> = {
  '.gitignore': 'ignored.txt\nsub/deeper/\n',
  '.hidden.txt': 'cat\n',
  'ok.txt': 'cat\n',
  'ignored.txt': 'cat\n',
  'notes.swp': 'cat\n',
  'sub/.gitignore': '*.tmp\n',
  'sub/ok2.txt': 'cat\n',
  'sub/ignored.txt': 'cat\n',
  'sub/y.tmp': 'cat\n',
  'sub/deeper/x.txt': 'cat\n',
};

export const PLAIN_VISIBLE = ['.gitignore', '.hidden.txt', 'ok.txt', 'sub/.gitignore', 'sub/ok2.txt'];

/** The plain tree seen from plain/sub: plain/.gitignore is above the search root and does not count. */
export const PLAIN_SUB_VISIBLE = ['.gitignore', 'deeper/x.txt', 'ignored.txt', 'ok2.txt'];

export interface IgnoreTree {
  base: string;
  project: string;
  plain: string;
  /** HOME and XDG_CONFIG_HOME for the processes that read the tree. */
  env: { HOME: string; XDG_CONFIG_HOME: string };
  /** Delete the tree, and give process.env back its HOME and XDG_CONFIG_HOME if `setEnv` changed them. */
  remove(): void;
}

export interface IgnoreTreeOptions {
  /**
   * Also set process.env's HOME and XDG_CONFIG_HOME to the tree's, for code
   * that reads the global excludes file through the environment (ripgrep
   * does). Default false.
   */
  setEnv?: boolean;
}

function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * Build the tree in a new temporary directory. The repository is made with
 * `git init` when git is installed (so tests can ask git itself), else by
 * hand (a `.git` directory is what makes a repository for ripgrep).
 */
export function buildIgnoreTree(options: IgnoreTreeOptions = {}): IgnoreTree {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-ignore-tree-')));
  const project = path.join(base, 'parent', 'project');
  const plain = path.join(base, 'plain-parent', 'plain');
  const env = { HOME: path.join(base, 'home'), XDG_CONFIG_HOME: path.join(base, 'xdg') };
  writeFiles(base, {
    'parent/.gitignore': '*\n',
    'plain-parent/.gitignore': '*\n',
    'xdg/git/ignore': '*.swp\n',
    'home/.keep': '',
  });
  mkdirSync(project, { recursive: true });
  try {
    execFileSync('git', ['init', '-q', project], { env: { ...process.env, ...env, GIT_CONFIG_NOSYSTEM: '1' }, stdio: 'ignore' });
  } catch {
    mkdirSync(path.join(project, '.git', 'info'), { recursive: true });
  }
  writeFiles(project, { ...PROJECT_FILES, '.git/info/exclude': 'excluded.txt\n', '.git/cat-notes': 'cat\n' });
  writeFiles(plain, PLAIN_FILES);
  const restoreEnv = options.setEnv ? setProcessEnv(env) : () => undefined;
  const remove = () => {
    restoreEnv();
    rmSync(base, { recursive: true, force: true });
  };
  return { base, project, plain, env, remove };
}

/** Set some variables of process.env; the function returned puts the old values back. */
function setProcessEnv(vars: Record<string, string>): () => void {
  const saved = Object.keys(vars).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, vars);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
