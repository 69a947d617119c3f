/**
 * Where a project's shadow repository lives and how it is made:
 * `$XDG_STATE_HOME/lug/checkpoints/<project-id>/`, one per project directory,
 * a git directory of its own (no templates, so no sample hooks) with an empty
 * home beside it for git to find no configuration in.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, writeFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stateDir, type Env } from '@lug/core';
import { NESTED_MARK, dropGitlinks } from './nested-repos.js';
import type { ShadowGit } from './shadow-git.js';

/**
 * The shadow's info/attributes, which outrank every .gitattributes of the
 * project: files are kept and written back byte for byte. A project's
 * `* text=auto` or `eol=crlf` made a restore turn CRLF into LF, `ident`
 * rewrote \$Id\$, `working-tree-encoding` re-encoded (and failed on a file
 * that was not in it, stopping the checkpoint), and a filter or diff driver
 * named there would run a command if any config lug's git reads defined it.
 */
const RAW_ATTRIBUTES = '* -text !eol -ident -filter !working-tree-encoding !diff -merge -export-subst\n';

/** A project's id: its directory's name (to be recognised by hand) and a hash of its real path. */
export function projectId(cwd: string): string {
  let real = cwd;
  try {
    real = realpathSync(cwd);
  } catch {}
  const name = basename(real).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'root';
  return `${name}-${createHash('sha256').update(real).digest('hex').slice(0, 16)}`;
}

/** `$XDG_STATE_HOME/lug/checkpoints`. */
export function checkpointsRoot(env: Env): string {
  return join(stateDir(env), 'checkpoints');
}

export function shadowDir(env: Env, cwd: string): string {
  return join(checkpointsRoot(env), projectId(cwd));
}

/** Make the shadow repository when it does not exist yet. */
export async function initShadow(git: ShadowGit): Promise<void> {
  mkdirSync(join(git.gitDir, 'home'), { recursive: true, mode: 0o700 });
  const made = existsSync(join(git.gitDir, 'HEAD'));
  if (!made) await git.ok(['init', '--quiet', '--template=']);
  mkdirSync(join(git.gitDir, 'info'), { recursive: true });
  // Also in a shadow made before this line existed.
  writeFileSync(join(git.gitDir, 'info', 'attributes'), RAW_ATTRIBUTES);
  const mark = join(git.gitDir, NESTED_MARK);
  if (!existsSync(mark)) {
    if (made) await dropGitlinks(git);
    writeFileSync(mark, 'no gitlinks in the index: nested repositories are walked into\n');
  }
  if (made) return;
  writeFileSync(join(git.gitDir, 'info', 'exclude'), '');
  // Which directory this shadow is for, for someone reading it by hand.
  writeFileSync(join(git.gitDir, 'description'), `lug's file checkpoints of ${git.workTree}\n`);
}
