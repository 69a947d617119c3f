/**
 * What the tests share: a real host from @lug/core with a small registry of
 * fake tools, a temp state directory (never the real home), and requests
 * described the way the core's scheduler describes them.
 * Not exported from the package.
 */
import { describeCall, type AuthorizeRequest, type LugEvent, type LugHost, type Tool } from '@lug/core';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createHostWithApprovals, type ApprovalsOptions } from './approvals.js';
import type { Approvals } from './types.js';

/**
 * A tool with a `path` and a `command` argument. It describes its calls the
 * way the stock tools do: a path it changes (default "."), and a command
 * line to judge part by part when given one. `extra` may replace any of it.
 */
export function fakeTool(name: string, ask: boolean | undefined, extra: Partial<Tool> = {}): Tool {
  const tool: Tool = {
    name,
    description: `the ${name} test tool`,
    parameters: { type: 'object', properties: { path: { type: 'string' }, command: { type: 'string' } } },
    ...(ask === undefined ? {} : { ask }),
    handler: () => 'ok',
    describe(args: { path?: unknown; command?: unknown }) {
      if (typeof args.command === 'string') return { title: args.command, command: args.command, kind: 'execute' };
      const path = typeof args.path === 'string' ? args.path : '.';
      return { title: path, paths: [{ path, access: 'change' }] };
    },
    ...extra,
  };
  return tool;
}

/** A tool that declares nothing: the generic description (no paths, no command). */
export function plainTool(name: string, ask: boolean | undefined, extra: Partial<Tool> = {}): Tool {
  const { describe: _none, ...tool } = fakeTool(name, ask, extra);
  return { ...tool, ...extra };
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
  latestHost = host;
  const tools = opts.tools ?? [fakeTool('read', false), fakeTool('write', true), fakeTool('bash', true)];
  for (const tool of tools) host.tools.register(tool, 'test');
  if (opts.mode) host.options.set('approval', opts.mode);
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  return { host, approvals, dir, events };
}

let made = 0;
let latestHost: LugHost | undefined;
/** A call as the scheduler hands it to authorize: described by the tool of that name in the latest setup's host. */
export function request(tool: string, args: Record<string, unknown> = {}, cwd = process.cwd()): AuthorizeRequest {
  made += 1;
  const argsText = JSON.stringify(args);
  return { id: `call-${made}`, tool, args, argsText, description: describeCall(latestHost?.tools.get(tool), args, argsText, cwd), cwd };
}

export const never: AbortSignal = new AbortController().signal;

/** Let pending promise callbacks run (rules, approvers, the queue). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}
