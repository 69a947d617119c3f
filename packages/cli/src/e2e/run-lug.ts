/** Runs the real `lug` binary as a child process, the way a user would. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordedRequest, ScriptedServer } from '@lug/testing';

export const LUG_BIN = fileURLToPath(new URL('../../bin/lug.js', import.meta.url));

export interface LugRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export type Wire = 'anthropic' | 'openai';

/** A home of its own for one test: config, state and a project directory. */
export function sandbox(initLua?: string): { home: string; project: string; config: string; state: string } {
  const home = mkdtempSync(join(tmpdir(), 'lug-e2e-'));
  const config = join(home, 'config');
  const state = join(home, 'state');
  const project = join(home, 'project');
  mkdirSync(join(config, 'lug'), { recursive: true });
  mkdirSync(project, { recursive: true });
  if (initLua !== undefined) writeFileSync(join(config, 'lug', 'init.lua'), initLua);
  return { home, project, config, state };
}

/** The environment for lug against the scripted server in one wire format; nothing from the real home. */
export function lugEnv(server: ScriptedServer, wire: Wire, box: ReturnType<typeof sandbox>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: box.home,
    XDG_CONFIG_HOME: box.config,
    XDG_STATE_HOME: box.state,
    LANG: 'C.UTF-8',
  };
  return wire === 'anthropic'
    ? { ...base, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.anthropicBaseUrl }
    : { ...base, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.openaiBaseUrl };
}

export function runLug(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number }): Promise<LugRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LUG_BIN, ...args], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    else child.stdin.end();
  });
}

/** The tool results a request carried back to the model, whatever the wire format, in order. */
export function toolResultsIn(request: RecordedRequest): Array<{ id: string; content: string }> {
  const out: Array<{ id: string; content: string }> = [];
  const messages: any[] = request.body?.messages ?? [];
  const last = request.format === 'openai' ? messages.slice(messages.findLastIndex((m) => m.role === 'assistant') + 1) : messages.slice(-1);
  for (const m of last) {
    if (request.format === 'openai' && m.role === 'tool') out.push({ id: m.tool_call_id, content: String(m.content) });
    if (request.format === 'anthropic' && Array.isArray(m.content)) {
      for (const b of m.content) {
        if (b.type === 'tool_result') {
          const content = typeof b.content === 'string' ? b.content : (b.content ?? []).map((c: any) => c.text ?? '').join('');
          out.push({ id: b.tool_use_id, content });
        }
      }
    }
  }
  return out;
}
