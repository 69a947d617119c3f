/**
 * What the tests share: a real host from @lug/core with a small registry of
 * fake tools, a temp state directory (never the real home), and requests.
 * Not exported from the package.
 */
import { type AuthorizeRequest, type LugEvent, type LugHost, type Tool } from '@lug/core';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createHostWithApprovals, type ApprovalsOptions } from './approvals.js';
import type { Approvals } from './types.js';

export function fakeTool(name: string, ask: boolean | undefined, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `the ${name} test tool`,
    parameters: { type: 'object', properties: { path: { type: 'string' }, command: { type: 'string' } } },
    ...(ask === undefined ? {} : { ask }),
    handler: () => 'ok',
    ...extra,
  };
}

const madeDirs: string[] = [];
afterAll(() => {
  for (const dir of madeDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'lug-approvals-')));
  madeDirs.push(dir);
  return dir;
}

export interface Setup {
  host: LugHost;
  approvals: Approvals;
  dir: string;
  events: LugEvent[];
}

export function setup(
  opts: { mode?: 'off' | 'policy' | 'all'; interactive?: boolean; tools?: Tool[]; approvals?: ApprovalsOptions } = {},
): Setup {
  const dir = tempDir();
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: join(dir, 'home'), XDG_STATE_HOME: join(dir, 'state') }, interactive: opts.interactive },
    { sessionId: () => 'session-1', ...opts.approvals },
  );
  const tools = opts.tools ?? [fakeTool('read', false), fakeTool('write', true), fakeTool('bash', true)];
  for (const tool of tools) host.tools.register(tool, 'test');
  if (opts.mode) host.options.set('approval', opts.mode);
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  return { host, approvals, dir, events };
}

let made = 0;
export function request(tool: string, args: Record<string, unknown> = {}, cwd = process.cwd()): AuthorizeRequest {
  made += 1;
  return { id: `call-${made}`, tool, args, argsText: JSON.stringify(args), cwd };
}

export const never: AbortSignal = new AbortController().signal;

/** Let pending promise callbacks run (rules, approvers, the queue). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}
