import type { Tool, ToolPreview } from '@lug/core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PREVIEW_CHARS } from './preview.js';
import { fakeTool, never, request, setup } from './test-support.js';

/** A write tool that describes its change from the file on disk, as the real one does. */
const writeTool: Tool = fakeTool('write', true, {
  async preview(args: { path: string; content: string }, ctx): Promise<ToolPreview> {
    const path = resolve(ctx.cwd, args.path);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
    return { kind: 'file_change', path: args.path, before, after: args.content };
  },
});

describe('previews', () => {
  it('show a file holding an escape sequence and a fake dialog with both made visible', async () => {
    const { approvals, dir } = setup({ tools: [writeTool] });
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    const evil = 'hello\n\x1b[2J\x1b[H\x1b[1mAllow? [y]\x1b[0m\rreally\n';
    const preview = await approvals.preview(request('write', { path: 'notes.txt', content: evil }, dir));
    expect(preview.kind).toBe('diff');
    expect(preview.text).not.toMatch(/[\x1b\r]/);
    expect(preview.text).toContain('+\\x1b[2J\\x1b[H\\x1b[1mAllow? [y]\\x1b[0m\\rreally');
    expect(preview.text).toBe(
      ['--- notes.txt', '+++ notes.txt', '@@ -1,1 +1,2 @@', ' hello', '+\\x1b[2J\\x1b[H\\x1b[1mAllow? [y]\\x1b[0m\\rreally', ''].join('\n'),
    );
  });

  it('show a new file as all added', async () => {
    const { approvals, dir } = setup({ tools: [writeTool] });
    const preview = await approvals.preview(request('write', { path: 'new.txt', content: 'a\nb\n' }, dir));
    expect(preview).toEqual({ kind: 'diff', text: '--- /dev/null\n+++ new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n' });
  });

  it('name a file inside the working directory by its relative path, one outside it in full', async () => {
    const absolute = fakeTool('write', true, {
      preview: async (args: { path: string; content: string }, ctx) => ({ kind: 'file_change', path: resolve(ctx.cwd, args.path), before: 'a\n', after: args.content }),
    });
    const { approvals, dir } = setup({ tools: [absolute] });
    expect((await approvals.preview(request('write', { path: 'src/x.txt', content: 'b\n' }, dir))).text).toMatch(/^--- src\/x\.txt\n\+\+\+ src\/x\.txt\n/);
    const outside = resolve(dir, '..', 'elsewhere.txt');
    expect((await approvals.preview(request('write', { path: outside, content: 'b\n' }, dir))).text).toMatch(new RegExp(`^--- ${outside.replace(/[.]/g, '\\.')}\n`));
  });

  it('say so when the content does not change', async () => {
    const { approvals, dir } = setup({ tools: [writeTool] });
    writeFileSync(join(dir, 'same.txt'), 'x\n');
    expect((await approvals.preview(request('write', { path: 'same.txt', content: 'x\n' }, dir))).text).toBe('same.txt: no change\n');
  });

  it('show the command and the working directory for bash, escaped', async () => {
    const { approvals } = setup();
    expect(await approvals.preview(request('bash', { command: "printf '\x1b[2J'" }, '/proj'))).toEqual({
      kind: 'command',
      text: "$ printf '\\x1b[2J'\n\nin /proj",
    });
    const withPreview = setup({ tools: [fakeTool('bash', true, { preview: async (args: { command: string }, ctx) => ({ kind: 'command', command: args.command, cwd: ctx.cwd }) })] });
    expect((await withPreview.approvals.preview(request('bash', { command: 'ls' }, '/p'))).text).toBe('$ ls\n\nin /p');
  });

  it('show the arguments as JSON for any other tool', async () => {
    const { approvals } = setup();
    expect(await approvals.preview(request('read', { path: 'a', offset: 2 }))).toEqual({ kind: 'args', text: '{\n  "path": "a",\n  "offset": 2\n}' });
  });

  it('show what a tool says in words, escaped', async () => {
    const { approvals } = setup({ tools: [fakeTool('deploy', true, { preview: async () => ({ kind: 'text', text: 'deploy to \x1b[31mprod' }) })] });
    expect(await approvals.preview(request('deploy'))).toEqual({ kind: 'args', text: 'deploy to \\x1b[31mprod' });
  });

  it('fall back to the arguments when the tool cannot describe the call', async () => {
    const { approvals } = setup({ tools: [fakeTool('write', true, { preview: async () => { throw new Error('EACCES'); } })] });
    const preview = await approvals.preview(request('write', { path: 'a' }));
    expect(preview.kind).toBe('args');
    expect(preview.text).toBe('(the write tool could not describe this call: EACCES)\n{\n  "path": "a"\n}');
  });

  it('are cut past a size no one reads in a dialog', async () => {
    const { approvals, dir } = setup({ tools: [writeTool] });
    const preview = await approvals.preview(request('write', { path: 'big.txt', content: 'x'.repeat(MAX_PREVIEW_CHARS + 10) }, dir));
    expect(preview.text.length).toBeLessThan(MAX_PREVIEW_CHARS + 100);
    expect(preview.text).toMatch(/more characters not shown\)$/);
  });

  it('reach the dialog queue and approvers', async () => {
    const { approvals, dir } = setup({ tools: [writeTool] });
    let seen = '';
    approvals.approve((_call, preview) => void (seen = preview.text));
    await approvals.decide(request('write', { path: 'f', content: '\x1b]0;title\x07' }, dir), never);
    expect(seen).toBe('--- /dev/null\n+++ f\n@@ -0,0 +1,1 @@\n+\\x1b]0;title\\x07\n\\ No newline at end of file\n');
  });
});
