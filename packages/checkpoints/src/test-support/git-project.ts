/** A project with its own git history and staged changes, for tests against real git (@lug/testing's hashTree shows what was left untouched). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openCheckpoints } from '../open-checkpoints.js';
import type { CheckpointStore } from '../checkpoint-store.js';

export interface GitProject {
  dir: string;
  state: string;
  env: Record<string, string>;
  write(rel: string, content: string | Buffer): void;
  read(rel: string): string;
  remove(): void;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: { PATH: process.env.PATH!, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8' });
}

/** Two commits, a hook, a local config, one file staged and one changed but not staged. */
export function gitProject(files: Record<string, string> = {}): GitProject {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lug-cp-')));
  const dir = join(root, 'project');
  const state = join(root, 'state');
  mkdirSync(dir);
  const write = (rel: string, content: string | Buffer) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), content);
  };
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Someone');
  git(dir, 'config', 'user.email', 'someone@example.invalid');
  write('README.md', '# project\n');
  write('src/a.txt', 'one\ntwo\nthree\n');
  write('.gitignore', 'build/\n*.log\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'first');
  write('src/b.txt', 'bee\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'second');
  // A hook that would leave a mark if anything ran it.
  writeFileSync(join(dir, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\necho ran > "${root}/hook-ran"\n`, { mode: 0o755 });
  writeFileSync(join(dir, '.git', 'hooks', 'pre-commit'), `#!/bin/sh\necho ran > "${root}/hook-ran"\n`, { mode: 0o755 });
  write('src/staged.txt', 'staged\n');
  git(dir, 'add', 'src/staged.txt');
  write('src/a.txt', 'one\ntwo\nthree\nfour (not staged)\n');
  for (const [rel, content] of Object.entries(files)) write(rel, content);
  return {
    dir,
    state,
    env: { PATH: process.env.PATH!, HOME: root, XDG_STATE_HOME: state },
    write,
    read: (rel) => readFileSync(join(dir, rel), 'utf8'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export async function storeFor(project: GitProject, opts: { maxFileSize?: number; sessionId?: string; git?: string; lockWaitMs?: number } = {}): Promise<CheckpointStore> {
  const opened = await openCheckpoints({ cwd: project.dir, env: project.env, maxFileSize: () => opts.maxFileSize ?? 2 * 1024 * 1024, sessionId: () => opts.sessionId ?? 's1', git: opts.git, lockWaitMs: opts.lockWaitMs });
  if (!opened.store) throw new Error(opened.off);
  return opened.store;
}

/** A git repository of its own at `rel` inside the project (a vendored clone, a sub-project), its files committed there. */
export function nestedRepo(project: GitProject, rel: string, files: Record<string, string>): string {
  const dir = join(project.dir, rel);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Someone');
  git(dir, 'config', 'user.email', 'someone@example.invalid');
  for (const [name, content] of Object.entries(files)) project.write(join(rel, name), content);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'nested');
  return dir;
}

/** A submodule of the project at `rel` (its .git a file naming the project's .git/modules), cloned from a repository beside the project. */
export function submodule(project: GitProject, rel: string, files: Record<string, string>): void {
  const origin = join(project.dir, '..', `origin-${rel.replace(/\//g, '-')}`);
  mkdirSync(origin);
  git(origin, 'init', '-q', '-b', 'main');
  for (const [name, content] of Object.entries(files)) writeFileSync(join(origin, name), content);
  git(origin, 'add', '-A');
  git(origin, '-c', 'user.name=Someone', '-c', 'user.email=someone@example.invalid', 'commit', '-q', '-m', 'sub');
  git(project.dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', origin, rel);
}

/** The real git behind a script that logs each command's first word outside the project: how many git processes something cost. */
export function countedGit(project: GitProject): { git: string; commands: () => string[] } {
  const root = join(project.dir, '..');
  const git = join(root, 'counted-git');
  const log = join(root, 'git-commands');
  writeFileSync(log, '');
  // The first word after lug's -c settings is the command.
  writeFileSync(git, `#!/bin/sh\nfor a; do case "$a" in -c|--*) ;; *=*) ;; *) echo "$a" >> "${log}"; break;; esac; done\nexec git "$@"\n`, { mode: 0o755 });
  return { git, commands: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}
