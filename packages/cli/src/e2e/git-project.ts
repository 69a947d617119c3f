/** A project with its own git history, a hook and staged changes, and its files, for the checkpoints' tests (@lug/testing's hashTree shows what was left untouched). */
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function git(dir: string, ...args: string[]): void {
  execFileSync('git', args, { cwd: dir, env: { PATH: process.env.PATH!, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' }, stdio: 'ignore' });
}

export function writeIn(dir: string, rel: string, content: string): void {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), content);
}

/** Two commits, a post-checkout hook that leaves a mark, one file staged, one changed and not staged. */
export function makeGitProject(dir: string, markFile: string): void {
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Someone');
  git(dir, 'config', 'user.email', 'someone@example.invalid');
  writeIn(dir, 'README.md', '# demo\n');
  writeIn(dir, 'src/config.txt', 'retries = 3\nport = 8080\n');
  writeIn(dir, 'src/old.txt', 'old\n');
  writeIn(dir, 'notes.txt', 'a note\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'first');
  writeIn(dir, 'src/util.txt', 'helpers\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'second');
  writeIn(dir, 'src/staged.txt', 'staged\n');
  git(dir, 'add', 'src/staged.txt');
  writeIn(dir, 'notes.txt', 'a note\nnot staged yet\n');
  // Last, so that making the project ran none of them.
  for (const hook of ['post-checkout', 'pre-commit', 'post-index-change']) {
    writeFileSync(join(dir, '.git', 'hooks', hook), `#!/bin/sh\necho ran > "${markFile}"\n`);
    chmodSync(join(dir, '.git', 'hooks', hook), 0o755);
  }
}

/** Every file under `dir` but .git, by path, with its content. */
export function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const p = join(at, name);
      if (p === join(dir, '.git')) continue;
      if (lstatSync(p).isDirectory()) walk(p);
      else out[p.slice(dir.length + 1)] = readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}
