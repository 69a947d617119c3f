/**
 * Approvals judge what a call's description declares, never what its tool is
 * called: a third-party tool's paths get path rules, a command line is split
 * only when the tool declares one. Calls go through the core's real scheduler.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { definePlugin, loadPlugin, runToolCalls, type Tool, type ToolCallPart } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { plainTool, setup, type Setup } from './test-support.js';
import type { RuleCall } from './types.js';

/** A third party's tool plugin: `move` renames `src` to `dst`, and says so. */
const movePlugin = definePlugin({
  name: 'file-mover',
  tools: [
    {
      name: 'move',
      description: 'Move a file.',
      parameters: { type: 'object', properties: { src: { type: 'string' }, dst: { type: 'string' } }, required: ['src', 'dst'] },
      ask: false,
      describe: (args: { src: string; dst: string }) => ({
        title: `${args.src} → ${args.dst}`,
        kind: 'move',
        paths: [
          { path: args.src, access: 'change' },
          { path: args.dst, access: 'change' },
        ],
      }),
      handler: (args: { src: string; dst: string }, ctx) => {
        renameSync(resolve(ctx.cwd, args.src), resolve(ctx.cwd, args.dst));
        return `moved ${args.src} to ${args.dst}`;
      },
    } satisfies Tool<{ src: string; dst: string }>,
  ],
});

let made = 0;
async function run(s: Setup, tool: string, args: Record<string, unknown>) {
  const call: ToolCallPart = { type: 'tool_call', id: `c${++made}`, name: tool, argsText: JSON.stringify(args) };
  const deps = { tools: s.host.tools, events: s.host.events, locks: s.host.locks, limits: s.host.limits, cwd: s.dir, concurrency: 1, authorize: s.host.authorize };
  const [result] = await runToolCalls([call], deps, new AbortController().signal);
  return result!;
}

/** A `*` rule written against abs_path: nothing may leave or enter the project's secret/ folder. */
function guardSecrets(s: Setup, seen: RuleCall[] = []) {
  s.approvals.rule('*', (_args, call) => {
    seen.push(call);
    return call.abs_path?.startsWith(join(s.dir, 'secret')) ? { verdict: 'deny', reason: 'secret/ stays as it is' } : undefined;
  });
  return seen;
}

describe('a third-party tool that declares its paths', () => {
  it('is judged by a "*" rule on both its source and its destination', async () => {
    const s = setup({ tools: [] });
    await loadPlugin(s.host, movePlugin);
    const seen = guardSecrets(s);
    writeFileSync(join(s.dir, 'a.txt'), 'a');
    writeFileSync(join(s.dir, 'b.txt'), 'b');

    const into = await run(s, 'move', { src: 'a.txt', dst: 'secret/a.txt' });
    expect(into).toMatchObject({ isError: true, content: 'denied: secret/ stays as it is (path ' + join(s.dir, 'secret', 'a.txt') + ')' });
    expect(seen.map((c) => c.abs_path)).toEqual([join(s.dir, 'a.txt'), join(s.dir, 'secret', 'a.txt')]);
    expect(seen[0]!.paths).toEqual([
      { path: 'a.txt', access: 'change', abs_path: join(s.dir, 'a.txt') },
      { path: 'secret/a.txt', access: 'change', abs_path: join(s.dir, 'secret', 'a.txt') },
    ]);

    const outOf = await run(s, 'move', { src: 'secret/key', dst: 'key' });
    expect(outOf).toMatchObject({ isError: true, content: expect.stringMatching(/^denied: secret\/ stays as it is/) });

    expect(await run(s, 'move', { src: 'b.txt', dst: 'c.txt' })).toMatchObject({ isError: false, content: 'moved b.txt to c.txt' });
    expect(existsSync(join(s.dir, 'c.txt'))).toBe(true);
    expect(existsSync(join(s.dir, 'a.txt'))).toBe(true);
  });

  it('runs only when a rule allows every path it declares', async () => {
    const s = setup({ tools: [] });
    await loadPlugin(s.host, { ...movePlugin, tools: [{ ...movePlugin.tools![0]!, ask: true }] });
    s.approvals.rule('move', (_args, call) => (call.abs_path?.startsWith(join(s.dir, 'src')) ? 'allow' : undefined));
    writeFileSync(join(s.dir, 'x'), '');
    expect(await run(s, 'move', { src: 'x', dst: 'src/x' })).toMatchObject({ isError: true, content: expect.stringMatching(/^denied: needs approval/) });
  });
});

describe('a tool named bash', () => {
  it('is not judged part by part unless it declares a command', async () => {
    const s = setup({ tools: [plainTool('bash', true)] });
    const parts: unknown[] = [];
    s.approvals.rule('bash', (args) => (parts.push(args.command), args.command === 'git status' ? 'allow' : undefined));
    const result = await run(s, 'bash', { command: 'git status && rm -rf x' });
    expect(parts).toEqual(['git status && rm -rf x']);
    expect(result.content).toBe('denied: needs approval: run with --auto, or allow it with a rule');
  });
});

describe('a tool of any name that declares a command', () => {
  it('has each part of its command line judged, with the whole line beside it', async () => {
    const shell: Tool<{ script: string }> = {
      name: 'sh_run',
      description: 'Run a script.',
      parameters: { type: 'object', properties: { script: { type: 'string' } }, required: ['script'] },
      describe: (args) => ({ title: args.script, command: args.script, kind: 'execute' }),
      handler: () => 'ran',
    };
    const s = setup({ tools: [shell] });
    const seen: unknown[] = [];
    s.approvals.rule('sh_run', (args) => (seen.push([args.command, args.command_line]), args.command === 'git status' ? 'allow' : undefined));
    const result = await run(s, 'sh_run', { script: 'git status && rm -rf x' });
    expect(seen).toEqual([
      ['git status', 'git status && rm -rf x'],
      ['rm -rf x', 'git status && rm -rf x'],
    ]);
    expect(result.content).toBe('denied: needs approval: run with --auto, or allow it with a rule');
  });
});
