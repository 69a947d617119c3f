/**
 * Checkpoints of a project that a turn made hostile, against real git: a
 * directory swapped for a symbolic link out of the project, and a
 * .gitattributes that asks git to convert files on their way in and out,
 * file names that are not UTF-8 (or look like options, or hold a newline).
 * The files must come back byte for byte, and nothing outside may change.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitProject, storeFor, type GitProject } from './test-support/git-project.js';

let project: GitProject;
afterEach(() => project?.remove());

describe('checkpoints of a project a turn made hostile', () => {
  it('keep checkpointing and restore a directory the turn replaced with a link out of the project, touching nothing outside', async () => {
    project = gitProject();
    const outside = join(project.dir, '..', 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'a.txt'), 'not the project\'s\n');
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'rm -rf src && ln -s ~ src');
    rmSync(join(project.dir, 'src'), { recursive: true });
    symlinkSync(outside, join(project.dir, 'src'));
    // It failed here: "pathspec 'src/a.txt' is beyond a symbolic link", and so did every checkpoint after.
    await store.endTurn(id);
    const undone = await store.undo({ force: true });
    expect(undone?.applied).toBe(true);
    expect(project.read('src/a.txt')).toBe('one\ntwo\nthree\nfour (not staged)\n');
    expect(project.read('src/b.txt')).toBe('bee\n');
    expect(readdirSync(outside)).toEqual(['a.txt']);
    expect(readFileSync(join(outside, 'a.txt'), 'utf8')).toBe('not the project\'s\n');
  });

  it('give files back byte for byte whatever the project\'s .gitattributes ask git to convert', async () => {
    project = gitProject({ '.gitattributes': '* text=auto\n', 'win.txt': 'a\r\nb\r\n', 'id.txt': '$Id$\n' });
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'convert');
    project.write('win.txt', 'changed\n');
    project.write('id.txt', 'changed\n');
    project.write('.gitattributes', '* text eol=crlf ident\n');
    await store.endTurn(id);
    await store.undo({ force: true });
    expect(project.read('win.txt')).toBe('a\r\nb\r\n');
    expect(project.read('id.txt')).toBe('$Id$\n');
    expect(project.read('.gitattributes')).toBe('* text=auto\n');
  });

  it('checkpoint and restore files whose names are not UTF-8, hold a newline or look like an option', async () => {
    project = gitProject();
    const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    const bad = bytes(project.dir, '/bad', [0xff, 0xfe], '.txt');
    const odd = ['a\nb', '-rf', '..x'].map((n) => join(project.dir, n));
    writeFileSync(bad, 'before\n');
    for (const f of odd) writeFileSync(f, 'before\n');
    const store = await storeFor(project);
    const id = await store.beginTurn('s1', 1, 'rename everything');
    writeFileSync(bad, 'after\n');
    for (const f of odd) rmSync(f);
    // It failed here: the name came back from git as "bad\uFFFD\uFFFD.txt", which git could not find.
    await store.endTurn(id);
    expect((await store.undo({ force: true }))?.applied).toBe(true);
    expect(readFileSync(bad, 'utf8')).toBe('before\n');
    for (const f of odd) expect(readFileSync(f, 'utf8')).toBe('before\n');
  });
});
