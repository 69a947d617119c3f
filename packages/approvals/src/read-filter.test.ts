/**
 * A directory a call reads is judged as itself, so the files a tool reads
 * beneath it are judged as it reads them (`ctx.refusedRead`): a rule
 * that denies `.env` or `secrets/` is not read around by searching the
 * directory above. Real files, real rules, the core's real scheduler; `search`
 * is a third party's grep: it prints every line under a directory, skipping
 * what the rules refuse.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runToolCalls, type Tool, type ToolCallPart } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { setup, type Setup } from './test-support.js';

const search: Tool<{ path?: string }> = {
  name: 'search',
  description: 'Print every line of every file under a directory.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  ask: false,
  describe: (args) => ({ title: args.path ?? '.', kind: 'search', paths: [{ path: args.path ?? '.', access: 'read' }] }),
  handler: (args, ctx) => {
    const root = resolve(ctx.cwd, args.path ?? '.');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => join(root, name));
    const readable = files.filter((file) => !ctx.refusedRead?.(file));
    return readable.flatMap((file) => (isFile(file) ? [`${file}: ${readFileSync(file, 'utf8').trim()}`] : [])).join('\n');
  },
};

function isFile(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

let made = 0;
async function run(s: Setup, args: Record<string, unknown>) {
  const call: ToolCallPart = { type: 'tool_call', id: `c${++made}`, name: 'search', argsText: JSON.stringify(args) };
  const deps = { tools: s.host.tools, events: s.host.events, locks: s.host.locks, limits: s.host.limits, cwd: s.dir, concurrency: 1, authorize: s.host.authorize };
  const [result] = await runToolCalls([call], deps, new AbortController().signal);
  return result!;
}

/** A project with a `.env`, a `secrets/` folder and an ordinary source file. */
function project(mode?: 'off' | 'policy'): Setup {
  const s = setup({ tools: [search], interactive: false, ...(mode ? { mode } : {}) });
  writeFileSync(join(s.dir, '.env'), 'API_KEY=env-secret\n');
  mkdirSync(join(s.dir, 'secrets'));
  writeFileSync(join(s.dir, 'secrets', 'key'), 'dir-secret\n');
  mkdirSync(join(s.dir, 'src'));
  writeFileSync(join(s.dir, 'src', 'a.ts'), 'plain code\n');
  return s;
}

/** Rules as a user writes them: `.env` itself, and anything under `secrets/` (with its slash). */
function guard(s: Setup, verdict: 'deny' | 'ask' = 'deny') {
  s.approvals.rule('*', (_args, call) => (call.abs_path === join(s.dir, '.env') ? { verdict, reason: 'not .env' } : undefined));
  s.approvals.rule('*', (_args, call) => (call.abs_path?.startsWith(join(s.dir, 'secrets') + '/') ? { verdict, reason: 'not secrets/' } : undefined));
}

describe('a call that reads beneath a directory', () => {
  it('does not read a file a deny rule refuses, searching from the project', async () => {
    const s = project('off');
    guard(s);
    const result = await run(s, { path: '.' });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('plain code');
    expect(result.content).not.toContain('env-secret');
    expect(result.content).not.toContain('dir-secret');
  });

  it('does not read under a denied folder searched by its own name, nor through a symlink made earlier', async () => {
    const s = project('off');
    symlinkSync(join(s.dir, '.env'), join(s.dir, 'src', 'env-link'));
    guard(s);
    const folder = await run(s, { path: 'secrets' });
    expect(folder.isError).toBe(false);
    expect(folder.content).not.toContain('dir-secret');
    const src = await run(s, { path: 'src' });
    expect(src.content).toContain('plain code');
    expect(src.content).not.toContain('env-secret');
  });

  it('does not read a file a rule asks for when nobody was asked about the call', async () => {
    const s = project('policy');
    guard(s, 'ask');
    const result = await run(s, { path: '.' });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('plain code');
    expect(result.content).not.toContain('env-secret');
  });
});

/**
 * The files beneath a search are judged "as a read of that file": a rule that refuses reading `.env` by the call's
 * kind (`call.kind == "read"`, as the Lua API advises judging by kind rather than by tool names) must hide it from a
 * search (kind "search") too, and a rule written for the search's own kind still hides it: each file is judged as
 * both, and left out if either refuses it.
 */
describe('the files beneath a search, judged as reads', () => {
  it('hides a file a rule refuses to calls of kind "read"', async () => {
    const s = project('off');
    s.approvals.rule('*', (_args, call) => (call.kind === 'read' && call.abs_path?.endsWith('/.env') ? { verdict: 'deny', reason: 'not .env' } : undefined));
    const result = await run(s, {});
    expect(result.content).toContain('plain code');
    expect(result.content).not.toContain('env-secret');
  });

  it('still hides a file a rule refuses to the search kind itself', async () => {
    const s = project('off');
    s.approvals.rule('*', (_args, call) => (call.kind === 'search' && call.abs_path?.endsWith('/.env') ? { verdict: 'deny', reason: 'not .env' } : undefined));
    const result = await run(s, {});
    expect(result.content).toContain('plain code');
    expect(result.content).not.toContain('env-secret');
  });
});
