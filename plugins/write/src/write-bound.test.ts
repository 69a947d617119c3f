/**
 * The decision is bound to what runs: write changes exactly the file its call
 * was approved on, and refuses when a symlink made (or changed) after the
 * decision would send the write somewhere else.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTool, tempDirs, toolContext } from '@lug/testing';
import { writeTool } from './index.js';

const dirs = tempDirs('lug-write-bound-');
afterEach(() => dirs.removeAll());

function layout(): { project: string; outside: string } {
  const root = dirs.make();
  const project = path.join(root, 'project');
  const outside = path.join(root, 'outside');
  mkdirSync(project);
  mkdirSync(outside);
  return { project, outside };
}

async function errorOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('it did not fail');
}

describe('write: bound to its decision', () => {
  it('refuses when a symlink made after the decision would redirect it outside the project, and writes nothing', async () => {
    const { project, outside } = layout();
    const args = { path: 'notes.txt', content: 'pwned\n' };
    const description = describeTool(writeTool, args, { cwd: project });
    expect(description.paths[0]!.absPath).toBe(path.join(project, 'notes.txt'));
    symlinkSync(path.join(outside, 'target.txt'), path.join(project, 'notes.txt'));
    const message = await errorOf(() => Promise.resolve(writeTool.handler(args, toolContext(project, { description }))));
    expect(message).toBe(
      `notes.txt led to ${path.join(project, 'notes.txt')} when this call was approved, and leads to ${path.join(outside, 'target.txt')} now (a symlink changed in between), so nothing was changed. ` +
        'Make the call again if you mean the new place: it will be judged there.',
    );
    expect(existsSync(path.join(outside, 'target.txt'))).toBe(false);
    expect(lstatSync(path.join(project, 'notes.txt')).isSymbolicLink()).toBe(true);
  });

  it('refuses when a directory on the path became a symlink after the decision', async () => {
    const { project, outside } = layout();
    mkdirSync(path.join(project, 'src'));
    const args = { path: 'src/a.txt', content: 'x' };
    const description = describeTool(writeTool, args, { cwd: project });
    rmSync(path.join(project, 'src'), { recursive: true });
    symlinkSync(outside, path.join(project, 'src'));
    expect(await errorOf(() => Promise.resolve(writeTool.handler(args, toolContext(project, { description }))))).toMatch(/^src\/a\.txt led to .* when this call was approved/);
    expect(existsSync(path.join(outside, 'a.txt'))).toBe(false);
  });

  it('refuses when a symlink it was approved through now points elsewhere', async () => {
    const { project, outside } = layout();
    writeFileSync(path.join(project, 'real.txt'), 'old\n');
    symlinkSync('real.txt', path.join(project, 'link'));
    const args = { path: 'link', content: 'new\n' };
    const description = describeTool(writeTool, args, { cwd: project });
    rmSync(path.join(project, 'link'));
    symlinkSync(path.join(outside, 'x'), path.join(project, 'link'));
    expect(await errorOf(() => Promise.resolve(writeTool.handler(args, toolContext(project, { description }))))).toMatch(/^link led to .*real\.txt when this call was approved, and leads to .*outside\/x now/);
    expect(readFileSync(path.join(project, 'real.txt'), 'utf8')).toBe('old\n');
    expect(existsSync(path.join(outside, 'x'))).toBe(false);
  });

  it('judges a dangling symlink where a write through it lands, and writes there when nothing changed', async () => {
    const { project, outside } = layout();
    symlinkSync(path.join(outside, 'new.txt'), path.join(project, 'dangling'));
    const args = { path: 'dangling', content: 'through\n' };
    const description = describeTool(writeTool, args, { cwd: project });
    expect(description.paths[0]!.absPath).toBe(path.join(outside, 'new.txt'));
    await writeTool.handler(args, toolContext(project, { description }));
    expect(readFileSync(path.join(outside, 'new.txt'), 'utf8')).toBe('through\n');
    expect(lstatSync(path.join(project, 'dangling')).isSymbolicLink()).toBe(true);
  });

  it('writes as approved when the path still leads where it did, through a symlink too', async () => {
    const { project } = layout();
    writeFileSync(path.join(project, 'real.txt'), 'old\n');
    symlinkSync('real.txt', path.join(project, 'link'));
    const args = { path: 'link', content: 'new\n' };
    const description = describeTool(writeTool, args, { cwd: project });
    await writeTool.handler(args, toolContext(project, { description }));
    expect(readFileSync(path.join(project, 'real.txt'), 'utf8')).toBe('new\n');
  });
});
