import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTitle, checkDescription, describeCall, genericDescription } from './tool-description.js';

describe('the generic description of a tool without describe', () => {
  it('is titled by the first string argument, else the arguments as JSON, and declares no paths', () => {
    expect(genericDescription({ n: 3, zone: 'UTC' }, '')).toEqual({ title: 'UTC' });
    expect(genericDescription({ n: 3 }, '{"n":3}')).toEqual({ title: '{"n":3}' });
    expect(genericDescription({}, '{}')).toEqual({ title: '' });
    expect(describeCall({}, { path: 'a.txt' }, '', '/tmp')).toEqual({ title: 'a.txt', kind: 'other', paths: [] });
  });

  it('is titled by the raw argument text when the arguments were not JSON', () => {
    expect(callTitle({ args: undefined, argsText: '{"path": ' })).toBe('{"path": ');
  });
});

describe('a tool\'s own description', () => {
  it('has its paths resolved where they really are: symlinks followed, files about to be made too', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lug-describe-')));
    mkdirSync(join(root, 'outside'));
    mkdirSync(join(root, 'proj'));
    symlinkSync(join(root, 'outside'), join(root, 'proj', 'link'));
    const move = {
      describe: (args: Record<string, unknown>) => ({
        title: `${args.src} → ${args.dst}`,
        kind: 'move' as const,
        paths: [
          { path: String(args.src), access: 'change' as const },
          { path: String(args.dst), access: 'change' as const },
        ],
      }),
    };
    expect(describeCall(move, { src: 'a.txt', dst: 'link/new/b.txt' }, '', join(root, 'proj'))).toEqual({
      title: 'a.txt → link/new/b.txt',
      kind: 'move',
      paths: [
        { path: 'a.txt', access: 'change', absPath: join(root, 'proj', 'a.txt') },
        { path: 'link/new/b.txt', access: 'change', absPath: join(root, 'outside', 'new', 'b.txt') },
      ],
    });
  });

  it('keeps its command, and the call title is the description\'s', () => {
    const d = describeCall({ describe: () => ({ title: 'ls -la', command: 'ls -la', kind: 'execute' as const }) }, {}, '', '/');
    expect(d).toEqual({ title: 'ls -la', kind: 'execute', paths: [], command: 'ls -la' });
    expect(callTitle({ args: {}, argsText: '{}', description: d })).toBe('ls -la');
  });

  it('gets a copy of the arguments, so describing changes nothing', () => {
    const args = { path: 'a' };
    describeCall({ describe: (a: Record<string, unknown>) => ((a.path = 'b'), { title: 'x' }) }, args, '', '/');
    expect(args.path).toBe('a');
  });
});

describe('checking a description', () => {
  it('names the field that is wrong and what is allowed', () => {
    expect(() => checkDescription('x')).toThrow('a description is an object { title, paths?, command?, kind? }, got "x"');
    expect(() => checkDescription({})).toThrow('title must be a string, got nothing');
    expect(() => checkDescription({ title: 't', kind: 'write' })).toThrow('kind must be one of read, edit, delete, move, search, execute, fetch, other, got "write"');
    expect(() => checkDescription({ title: 't', paths: 'a' })).toThrow('paths must be a list of { path, access }, got "a"');
    expect(() => checkDescription({ title: 't', paths: [{ path: 'a', access: 'write' }] })).toThrow('paths[1].access must be "read" or "change", got "write"');
    expect(() => checkDescription({ title: 't', paths: [{ path: '' , access: 'read' }] })).toThrow('paths[1] must be');
    expect(() => checkDescription({ title: 't', command: 3 })).toThrow('command must be a string, got 3');
    expect(() => checkDescription({ title: 't', path: 'a' })).toThrow('unknown field path; a description has title, paths, command and kind');
  });

  it('refuses a describe that waits', () => {
    expect(() => describeCall({ describe: () => Promise.resolve({ title: 't' }) }, {}, '', '/')).toThrow('describe returned a promise');
  });
});
