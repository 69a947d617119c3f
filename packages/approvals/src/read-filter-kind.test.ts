/**
 * The files a search reads beneath its directory are judged "as a read of that file": a rule that refuses reading
 * `.env` by the call's kind (`call.kind == "read"`, as the Lua API advises judging by kind rather than by tool
 * names) must hide it from a search (kind "search") too, and a rule written for the search's own kind still
 * hides it: each file is judged as both, and left out if either refuses it.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runToolCalls, type Tool, type ToolCallPart } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { setup, type Setup } from './test-support.js';

/** A third party's grep: every line of every file under a directory, but for those the rules refuse. */
const search: Tool<{ path?: string }> = {
  name: 'search',
  description: 'Print every line of every file under a directory.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  ask: false,
  describe: (args) => ({ title: args.path ?? '.', kind: 'search', paths: [{ path: args.path ?? '.', access: 'read' }] }),
  handler: (args, ctx) => {
    const root = resolve(ctx.cwd, args.path ?? '.');
    const files = readdirSync(root).map((name) => join(root, name)).filter((file) => statSync(file).isFile());
    return files.filter((file) => !ctx.refusedRead?.(file)).map((file) => `${file}: ${readFileSync(file, 'utf8').trim()}`).join('\n');
  },
};

let made = 0;
async function run(s: Setup) {
  const call: ToolCallPart = { type: 'tool_call', id: `k${++made}`, name: 'search', argsText: '{}' };
  const deps = { tools: s.host.tools, events: s.host.events, locks: s.host.locks, limits: s.host.limits, cwd: s.dir, concurrency: 1, authorize: s.host.authorize };
  const [result] = await runToolCalls([call], deps, new AbortController().signal);
  return result!;
}

function project(): Setup {
  const s = setup({ tools: [search], interactive: false, mode: 'off' });
  writeFileSync(join(s.dir, '.env'), 'API_KEY=env-secret\n');
  writeFileSync(join(s.dir, 'a.ts'), 'plain code\n');
  return s;
}

describe('the files beneath a search, judged as reads', () => {
  it('hides a file a rule refuses to calls of kind "read"', async () => {
    const s = project();
    s.approvals.rule('*', (_args, call) => (call.kind === 'read' && call.abs_path?.endsWith('/.env') ? { verdict: 'deny', reason: 'not .env' } : undefined));
    const result = await run(s);
    expect(result.content).toContain('plain code');
    expect(result.content).not.toContain('env-secret');
  });

  it('still hides a file a rule refuses to the search kind itself', async () => {
    const s = project();
    s.approvals.rule('*', (_args, call) => (call.kind === 'search' && call.abs_path?.endsWith('/.env') ? { verdict: 'deny', reason: 'not .env' } : undefined));
    const result = await run(s);
    expect(result.content).toContain('plain code');
    expect(result.content).not.toContain('env-secret');
  });
});
