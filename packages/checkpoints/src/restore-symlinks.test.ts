/**
 * A restore racing a process the model left running, which keeps swapping a
 * project directory for a symbolic link out of the project
 * (`while :; do rm -rf sub; ln -s ~/.ssh sub; done &`), against real git.
 * Nothing outside the project may be written or deleted, whatever is in place
 * at any moment; what could not be restored safely is reported, never thrown.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitProject, storeFor, type GitProject } from './test-support/git-project.js';

let project: GitProject;
/** Where the racing loop's pid is kept while it runs (gitRacingDuringRestore). */
let racerPid: string | undefined;
afterEach(() => {
  const pid = racerPid && existsSync(racerPid) ? Number(readFileSync(racerPid, 'utf8')) : 0;
  if (pid) process.kill(pid, 'SIGKILL');
  racerPid = undefined;
  project?.remove();
});

/** A directory beside the project, with files a hostile link points at. */
function outsideDir(files: Record<string, string>): { dir: string; state: () => Record<string, string> } {
  const dir = join(project.dir, '..', 'outside');
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const state = () => Object.fromEntries(readdirSync(dir).sort().map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
  return { dir, state };
}

/**
 * The real git behind a script that runs `swap` (a shell command, in the
 * project) just before the restore writes: when the state the files are
 * replaced with is saved, after the last look at them.
 */
function gitSwappingBeforeRestore(swap: string): string {
  const script = join(project.dir, '..', 'swapping-git');
  writeFileSync(script, `#!/bin/sh\nfor a; do case "$a" in refs/lug/saved/*) (cd "${project.dir}" && ${swap});; esac; done\nexec git "$@"\n`, { mode: 0o755 });
  return script;
}

/**
 * The real git behind a script that starts `loop` (a shell command, run again
 * and again in the project in the background, as the model's job would) just
 * before the restore writes, and ends it at the next status (the snapshot
 * after the restore): a real race, with the writes only.
 */
function gitRacingDuringRestore(loop: string): string {
  const script = join(project.dir, '..', 'racing-git');
  racerPid = join(project.dir, '..', 'racer.pid');
  writeFileSync(script, [
    '#!/bin/sh',
    'for a; do case "$a" in',
    `  refs/lug/saved/*) (cd "${project.dir}" && while :; do ${loop}; done) >/dev/null 2>&1 & echo $! > "${racerPid}"; sleep 0.05;;`,
    `  status) [ -s "${racerPid}" ] && kill -9 "$(cat "${racerPid}")" && : > "${racerPid}"; sleep 0.05;;`,
    'esac; done',
    'exec git "$@"',
    '',
  ].join('\n'), { mode: 0o755 });
  return script;
}

describe('a restore racing a directory swapped for a link out of the project', () => {
  it('deletes and writes nothing through a directory or a file that became a link after the last look, and says what it left', async () => {
    project = gitProject({ 'sub/keep.txt': 'keep\n' });
    const outside = outsideDir({ 'new.txt': 'not the project\'s\n', 'keep.txt': 'theirs\n', 'secret.txt': 'secret\n' });
    const swap = `rm -rf sub && ln -s ${outside.dir} sub && rm -f src/b.txt && ln -s ${outside.dir}/secret.txt src/b.txt`;
    const store = await storeFor(project, { git: gitSwappingBeforeRestore(swap) });
    const id = await store.beginTurn('s1', 1, 'add a file');
    project.write('sub/new.txt', 'made by the turn\n');
    project.write('src/b.txt', 'edited\n');
    project.write('README.md', 'changed\n');
    await store.endTurn(id);
    const undone = await store.undo({ force: true });
    // It failed here: git rm -f unlinked sub/new.txt through the link, deleting outside/new.txt.
    expect(outside.state()).toEqual({ 'keep.txt': 'theirs\n', 'new.txt': 'not the project\'s\n', 'secret.txt': 'secret\n' });
    expect(undone?.applied).toBe(true);
    expect(undone?.unsafe).toEqual(['sub/new.txt']);
    expect(undone?.leftAlone).toEqual([]);
    expect(undone?.files).toEqual(['README.md', 'src/b.txt']);
    expect(project.read('README.md')).toBe('# project\n');
    // The link is in the project's own file's place: it is replaced, never written through.
    expect(lstatSync(join(project.dir, 'src/b.txt')).isSymbolicLink()).toBe(false);
    expect(project.read('src/b.txt')).toBe('bee\n');
  });

  it('writes and deletes nothing outside while a background process keeps swapping the directory, and reports what it could not restore', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `f${i}.txt`);
    project = gitProject(Object.fromEntries(names.map((n) => [`sub/${n}`, `${n} before\n`])));
    const outside = outsideDir({ 'f0.txt': 'theirs\n' });
    const store = await storeFor(project, { git: gitRacingDuringRestore(`rm -rf sub; ln -s ${outside.dir} sub`) });
    for (let round = 0; round < 4; round++) {
      const id = await store.beginTurn('s1', round + 1, 'rewrite sub');
      for (const n of names) project.write(`sub/${n}`, `${n} round ${round}\n`);
      if (round % 2) project.write('sub/extra.txt', 'made by the turn\n');
      await store.endTurn(id);
      const undone = await store.undo({ force: true }).catch((err: Error) => err);
      // It failed here: git checkout wrote sub/f*.txt into the linked directory (and then threw, half done).
      expect(outside.state()).toEqual({ 'f0.txt': 'theirs\n' });
      if (undone instanceof Error) throw undone;
      // Every file is either restored or reported.
      const told = new Set([...(undone?.files ?? []), ...(undone?.unsafe ?? [])]);
      for (const n of names) expect(told.has(`sub/${n}`)).toBe(true);
      rmSync(join(project.dir, 'sub'), { recursive: true, force: true });
      for (const n of names) project.write(`sub/${n}`, `${n} before\n`);
    }
  }, 60_000);
});
