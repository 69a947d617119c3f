/**
 * Test helpers (not exported): temp XDG directories with Lua files, a host
 * whose interface answers by hand, and calls shaped like the scheduler's.
 */
import { toolContext } from '@lug/testing';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeCall, type AuthorizeRequest, type LugEvent, type LugHost, type Tool } from '@lug/core';
import { afterAll, afterEach } from 'vitest';
import { createHostWithApprovals } from '@lug/approvals';
import type { Approvals } from '@lug/approvals';
import { createLuaRuntime, type LuaRuntime, type LuaRuntimeOptions } from './runtime.js';

export interface TempLug {
  root: string;
  configDir: string;
  project: string;
  env: Record<string, string>;
  write(rel: string, content: string | Uint8Array): string;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A temp root with XDG dirs and a project directory; `files` are written under the config dir (lug/). */
export function tempLug(files: Record<string, string> = {}): TempLug {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-lua-'));
  roots.push(root);
  const configDir = path.join(root, 'config', 'lug');
  const project = path.join(root, 'project');
  fs.mkdirSync(configDir, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  const env = {
    ...(process.env as Record<string, string>),
    HOME: path.join(root, 'home'),
    XDG_CONFIG_HOME: path.join(root, 'config'),
    XDG_STATE_HOME: path.join(root, 'state'),
    XDG_CACHE_HOME: path.join(root, 'cache'),
  };
  const write = (rel: string, content: string | Uint8Array) => {
    const file = path.join(configDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  };
  for (const [rel, content] of Object.entries(files)) write(rel, content);
  return { root, configDir, project, env, write };
}

/**
 * An interface over the host's confirm queue whose dialogs stay open until the
 * test answers them: `asked` lists every confirm in the order it was asked,
 * `notes` every notice.
 */
export class HandUi {
  notes: Array<{ message: string; level: string }> = [];
  asked: Array<{ message: string; answer(yes: boolean): void }> = [];
  private seen = new Set<number>();
  private waiters: Array<() => void> = [];

  constructor(host: LugHost) {
    host.events.on('notify', (e) => this.notes.push({ message: e.message, level: e.level }));
    const ui = host.ui;
    if (!ui.interactive) return;
    ui.confirms.serve();
    ui.confirms.subscribe(() => {
      for (const item of ui.confirms.pending()) {
        if (this.seen.has(item.id)) continue;
        this.seen.add(item.id);
        this.asked.push({ message: item.message, answer: (yes) => ui.confirms.answer(item.id, yes) });
        for (const w of this.waiters.splice(0)) w();
      }
    });
  }

  /** Resolves when `n` questions have been asked in all. */
  async questions(n: number): Promise<void> {
    while (this.asked.length < n) await new Promise<void>((r) => this.waiters.push(r));
  }
}

export interface Setup {
  lug: TempLug;
  host: LugHost;
  approvals: Approvals;
  runtime: LuaRuntime;
  ui: HandUi;
  events: LugEvent[];
}

/** An empty directory of stock workflows. */
export function noWorkflows(lug: TempLug): string {
  const dir = path.join(lug.root, 'no-workflows');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** A host with approvals and Lua; interactive (confirms answered by hand) unless `interactive: false`. */
export function setup(files: Record<string, string> = {}, opts: LuaRuntimeOptions = {}, hostOpts: { interactive?: boolean } = {}): Setup {
  const lug = tempLug(files);
  const { host, approvals } = createHostWithApprovals({ cwd: lug.project, env: lug.env, interactive: hostOpts.interactive ?? true });
  const ui = new HandUi(host);
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  // No stock workflows unless a test asks for them (workflowsDir): each test sees only the Lua it wrote.
  const runtime = createLuaRuntime(host, approvals, { configDir: lug.configDir, workflowsDir: noWorkflows(lug), ...opts });
  return { lug, host, approvals, runtime, ui, events };
}

/** A runtime for each test (`setup()`), made on first use and closed after the test. */
export interface LuaEachTest {
  /** This test's setup, made now if no chunk ran yet. */
  readonly s: Setup;
  /** Run a chunk as `:lua` does; its values. */
  run(code: string): Promise<unknown[]>;
  /** Run a chunk that should fail; its error message, or "no error". */
  failure(code: string): Promise<string>;
}

export function luaEachTest(): LuaEachTest {
  let current: Setup | undefined;
  afterEach(() => {
    current?.runtime.close();
    current = undefined;
  });
  const run = async (code: string) => (await (current ??= setup()).runtime.run(code)).values;
  return {
    get s() {
      return (current ??= setup());
    },
    run,
    failure: (code) => run(code).then(() => 'no error', (err: Error) => err.message),
  };
}

/** A tool that runs a command line as the stock bash does, as far as approvals see it: it declares its command. */
export const commandTool: Tool<{ command: string }> = {
  name: 'bash',
  description: 'Run a command line (a stand-in: it runs nothing).',
  parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  describe: (args) => ({ title: args.command, command: args.command, kind: 'execute' }),
  handler: () => 'exit status 0\n(no output)',
};

let callCounter = 0;

export function request(host: LugHost, tool: string, args: Record<string, unknown>): AuthorizeRequest {
  const id = `call_${++callCounter}`;
  const argsText = JSON.stringify(args);
  return { id, tool, args, argsText, description: describeCall(host.tools.get(tool), args, argsText, host.cwd), cwd: host.cwd };
}

/** Run a registered tool's handler as the scheduler would (without the output cap). */
export async function runTool(host: LugHost, name: string, args: Record<string, unknown> = {}, signal?: AbortSignal): Promise<unknown> {
  const tool = host.tools.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.handler(args, toolContext(host.cwd, { signal, limits: host.limits, locks: host.locks }));
}
