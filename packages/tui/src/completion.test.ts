import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '@lug/core';
import { commonPrefix, completeCommandLine, completePathToken, rankPath, withDirectories } from './completion.js';
import { editorOf } from './editor.js';

describe('completeCommandLine', () => {
  const commands = new CommandRegistry();
  commands.register({ name: 'help', desc: 'manual', source: 'tui', run() {}, complete: (a) => ['keys', 'tools'].filter((t) => t.startsWith(a)) });
  commands.register({ name: 'hello', desc: 'from Lua', source: 'init.lua', run() {} });

  it('completes command names, Lua ones included', () => {
    expect(completeCommandLine(editorOf(':hel'), commands)?.items.map((i) => i.label)).toEqual([':hello', ':help']);
  });

  it('completes arguments with the command\'s own completer', () => {
    expect(completeCommandLine(editorOf(':help t'), commands)).toEqual({ start: 6, items: [{ label: 'tools', replacement: 'tools' }] });
  });

  it('does nothing outside a command line', () => {
    expect(completeCommandLine(editorOf('hello :he'), commands)).toBeUndefined();
    expect(completeCommandLine(editorOf(':hello x'), commands)).toBeUndefined();
  });
});

describe('completePathToken', () => {
  const paths = withDirectories(['src/app.tsx', 'src/index.ts', 'docs/keys.md', 'README.md']);

  it('derives directories from files', () => {
    expect(paths).toContain('src/');
    expect(paths).toContain('docs/');
  });

  it('ranks a path prefix before a name prefix before a substring before a subsequence', () => {
    expect(rankPath('src', 'src/app.tsx')).toBe(0);
    expect(rankPath('app', 'src/app.tsx')).toBe(1);
    expect(rankPath('pp.t', 'src/app.tsx')).toBe(2);
    expect(rankPath('sat', 'src/app.tsx')).toBe(3);
    expect(rankPath('zzz', 'src/app.tsx')).toBeUndefined();
  });

  it('offers files for the @ token before the cursor', () => {
    const c = completePathToken(editorOf('read @key'), paths)!;
    expect(c.start).toBe(5);
    expect(c.items[0]).toEqual({ label: 'docs/keys.md', replacement: '@docs/keys.md' });
  });

  it('offers what is in a directory once its name is typed out, not the directory again', () => {
    const c = completePathToken(editorOf('look at @src/'), paths)!;
    expect(c.items.map((i) => i.label)).toEqual(['src/app.tsx', 'src/index.ts']);
  });

  it('ignores words that do not start with @', () => {
    expect(completePathToken(editorOf('mail me@x'), paths)).toBeUndefined();
  });

  it('finds the common prefix of several candidates', () => {
    expect(commonPrefix([{ label: '', replacement: '@src/app' }, { label: '', replacement: '@src/index' }])).toBe('@src/');
  });
});
