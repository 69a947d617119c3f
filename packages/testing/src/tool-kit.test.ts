import fs from 'node:fs';
import path from 'node:path';
import { ToolError, type Tool } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { tempProject } from './temp-project.js';
import { previewTool, runTool, toolContext } from './tool-kit.js';

const readTool: Tool<{ path: string }> = {
  name: 'read',
  description: 'Read a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  async handler(args, ctx) {
    const full = path.resolve(ctx.cwd, args.path);
    if (!fs.existsSync(full)) throw new ToolError(`file not found: ${args.path}`);
    ctx.emit({ kind: 'status', text: `reading ${args.path}` });
    return fs.readFileSync(full, 'utf8');
  },
  async preview(args, ctx) {
    return { kind: 'text', text: `would read ${path.resolve(ctx.cwd, args.path)}` };
  },
};

describe('runTool', () => {
  it('runs the handler in the given project and returns what the model would see', async () => {
    const project = tempProject({ 'a.txt': 'alpha' });
    const result = await runTool(readTool, { path: 'a.txt' }, { cwd: project.dir });
    expect(result).toEqual({ content: 'alpha', isError: false, progress: [{ kind: 'status', text: 'reading a.txt' }] });
    project.remove();
  });

  it('validates the arguments against the schema before running anything', async () => {
    const result = await runTool(readTool, { path: 3, extra: true });
    expect(result.isError).toBe(true);
    expect(result.content).toBe('invalid arguments for read: path must be a string, got 3; extra is not an argument of this tool; its arguments are path');
  });

  it('takes the argument text as a model would send it, invalid JSON included', async () => {
    const result = await runTool(readTool, '{"path": "a');
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^invalid arguments for read: the arguments are not valid JSON/);
  });

  it("sends a ToolError's message as is, and names other errors", async () => {
    expect(await runTool(readTool, { path: 'missing' })).toMatchObject({ content: 'file not found: missing', isError: true });
    const broken: Tool = { name: 'broken', description: '', parameters: { type: 'object' }, handler: () => { throw new TypeError('x is not a function'); } };
    expect(await runTool(broken, {})).toMatchObject({ content: 'TypeError: x is not a function', isError: true });
  });

  it('keeps the start of an over-long output, or the end when the tool says so', async () => {
    const long: Tool = { name: 'long', description: '', parameters: { type: 'object' }, handler: () => 'a'.repeat(500) + 'END' };
    const start = await runTool(long, {}, { limits: { outputBytes: 200 } });
    expect(Buffer.byteLength(start.content)).toBeLessThanOrEqual(200);
    expect(start.content).toMatch(/^aaa[\s\S]*\[output cut: \d+ of 503 bytes not shown after this point\]$/);
    const end = await runTool({ ...long, keep: 'end' }, {}, { limits: { outputBytes: 200 } });
    expect(end.content).toMatch(/^\[output cut: the first \d+ of 503 bytes are not shown\]\n[a]+END$/);
  });

  it('passes the signal, so a cancel can be tested', async () => {
    const waiter: Tool = {
      name: 'wait',
      description: '',
      parameters: { type: 'object' },
      handler: (_args, ctx) =>
        new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({ content: 'stopped', isError: true }))),
    };
    const controller = new AbortController();
    const running = runTool(waiter, {}, { signal: controller.signal });
    controller.abort();
    expect(await running).toMatchObject({ content: 'stopped', isError: true });
  });

  it('gives a per-path lock that serialises writers sharing a lock table', async () => {
    const order: string[] = [];
    const writer: Tool<{ name: string }> = {
      name: 'w',
      description: '',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
      async handler(args, ctx) {
        const release = await ctx.lock('same.txt');
        order.push(`start ${args.name}`);
        await new Promise((r) => setTimeout(r, 20));
        order.push(`end ${args.name}`);
        release();
        return 'ok';
      },
    };
    const { PathLocks } = await import('@lug/core');
    const locks = new PathLocks();
    await Promise.all([runTool(writer, { name: '1' }, { locks }), runTool(writer, { name: '2' }, { locks })]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('runs in a fresh empty directory when no cwd is given, and removes it after', async () => {
    let seen = '';
    const where: Tool = { name: 'where', description: '', parameters: { type: 'object' }, handler: (_a, ctx) => ((seen = ctx.cwd), String(fs.readdirSync(ctx.cwd).length)) };
    expect((await runTool(where, {})).content).toBe('0');
    expect(fs.existsSync(seen)).toBe(false);
  });
});

describe('previewTool', () => {
  it("returns the tool's preview for valid arguments", async () => {
    expect(await previewTool(readTool, { path: 'x' }, { cwd: '/p' })).toEqual({ kind: 'text', text: 'would read /p/x' });
  });

  it('throws the argument error for invalid arguments', async () => {
    await expect(previewTool(readTool, {})).rejects.toThrow('path is required (a string)');
  });
});

describe('toolContext', () => {
  it('gives a handler called directly the default limits, a live signal, real locks and a call id', async () => {
    const progress: string[] = [];
    const ctx = toolContext('/p', { limits: { outputBytes: 10 }, emit: (p) => progress.push(p.text) });
    expect(ctx).toMatchObject({ cwd: '/p', callId: 'call_test_1', limits: { outputBytes: 10, readLines: 2000 } });
    expect(ctx.signal.aborted).toBe(false);
    ctx.emit({ kind: 'status', text: 'hi' });
    expect(progress).toEqual(['hi']);
    const release = await ctx.lock('/p/a');
    let second = false;
    const waiting = ctx.lock('/p/a').then((r) => ((second = true), r));
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBe(false);
    release();
    (await waiting)();
    expect(second).toBe(true);
  });
});
