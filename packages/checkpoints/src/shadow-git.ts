/**
 * Git run on the shadow repository, and on nothing else. Every command names
 * the shadow's git directory and the project as its work tree, in an
 * environment built from nothing but PATH: GIT_DIR, GIT_WORK_TREE and
 * GIT_INDEX_FILE point at the shadow, no system or global configuration is
 * read (HOME and XDG_CONFIG_HOME are the shadow's own empty directory), hooks
 * are off, no fsmonitor daemon, no line-ending or other conversion. So the
 * user's `.git` (index, refs, objects, hooks, config) is never opened for
 * writing, and nothing the user configured runs.
 */
import { join } from 'node:path';
import { childProcess } from '@lug/core';

/** `-c` settings on every command: what the shadow must never inherit or do. */
const SETTINGS = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.eol=lf',
  'core.symlinks=true',
  'core.filemode=true',
  'core.quotepath=false',
  'core.precomposeunicode=false',
  'core.logAllRefUpdates=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'commit.gpgsign=false',
  'advice.addEmbeddedRepo=false',
  'submodule.recurse=false',
  'user.name=lug',
  'user.email=lug@localhost',
];

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export class GitError extends Error {
  override name = 'GitError';
  constructor(
    message: string,
    readonly code: number,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface ShadowGitOptions {
  /** The shadow's git directory. */
  gitDir: string;
  /** The project: the work tree. */
  workTree: string;
  /** PATH to find git on. */
  path: string;
  /** The git program (default "git"). */
  git?: string;
}

export class ShadowGit {
  readonly gitDir: string;
  readonly workTree: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly program: string;
  /** The arguments every command starts with. */
  private readonly prefix: readonly string[];

  constructor(opts: ShadowGitOptions) {
    this.gitDir = opts.gitDir;
    this.workTree = opts.workTree;
    this.program = opts.git ?? 'git';
    const home = join(opts.gitDir, 'home');
    this.env = {
      PATH: opts.path,
      GIT_DIR: opts.gitDir,
      GIT_WORK_TREE: opts.workTree,
      GIT_INDEX_FILE: join(opts.gitDir, 'index'),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_SYSTEM: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
      GIT_NO_REPLACE_OBJECTS: '1',
      // Paths are file names, never patterns (a file named '*' is one file).
      GIT_LITERAL_PATHSPECS: '1',
      GIT_CEILING_DIRECTORIES: opts.workTree,
      HOME: home,
      XDG_CONFIG_HOME: home,
      LC_ALL: 'C',
    };
    this.prefix = [`--git-dir=${this.gitDir}`, `--work-tree=${this.workTree}`, ...SETTINGS.flatMap((s) => ['-c', s])];
  }

  /** Run git; resolves with its exit code (a failure to start rejects). */
  async run(args: string[], input?: Buffer | string): Promise<GitResult> {
    const out: Buffer[] = [];
    const r = await this.stream(args, input, (d) => out.push(d));
    return { ...r, stdout: Buffer.concat(out) };
  }

  /** Run git, handing its output to `onStdout` as it comes (a throw there ends git and rejects). */
  stream(args: string[], input: Buffer | string | undefined, onStdout: (chunk: Buffer) => void): Promise<Omit<GitResult, 'stdout'>> {
    return new Promise((resolve, reject) => {
      const child = childProcess().spawn(this.program, [...this.prefix, ...args], { cwd: this.workTree, env: this.env, stdio: ['pipe', 'pipe', 'pipe'] });
      const err: Buffer[] = [];
      let failed: unknown;
      child.stdout.on('data', (d: Buffer) => {
        if (failed) return;
        try {
          onStdout(d);
        } catch (e) {
          failed = e;
          child.kill();
        }
      });
      child.stderr.on('data', (d: Buffer) => err.push(d));
      child.on('error', reject);
      child.on('close', (code, signal) => (failed ? reject(failed) : resolve({ code: code ?? (signal ? 128 : 1), stderr: Buffer.concat(err).toString('utf8') })));
      child.stdin.on('error', () => {});
      child.stdin.end(input ?? '');
    });
  }

  /** Run git and return its output; a non-zero exit throws a GitError with git's own message. */
  async ok(args: string[], input?: Buffer | string): Promise<Buffer> {
    const r = await this.run(args, input);
    if (r.code !== 0) throw new GitError(`git ${args[0]} failed in the checkpoints' repository (${this.gitDir}): ${r.stderr.trim() || `exit ${r.code}`}`, r.code, r.stderr);
    return r.stdout;
  }

  async text(args: string[], input?: Buffer | string): Promise<string> {
    return (await this.ok(args, input)).toString('utf8');
  }
}

/** Split git's `-z` output into its fields (paths to hand back to git: `latin1`, byte-paths.ts). */
export function nulFields(out: Buffer | string, encoding: BufferEncoding = 'utf8'): string[] {
  const text = typeof out === 'string' ? out : out.toString(encoding);
  const fields = text.split('\0');
  if (fields.at(-1) === '') fields.pop();
  return fields;
}

/** Whether git can be run from this PATH: its version, or undefined. */
export function gitVersion(path: string, git = 'git'): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = childProcess().spawn(git, ['--version'], { env: { PATH: path }, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve(code === 0 ? out.trim() : undefined));
  });
}
