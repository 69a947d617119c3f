/** Runs the real `lug` binary as a child process, the way a user would. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptedServer } from '@lug/testing';

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

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Written to standard input, which is then closed; without it, standard input is empty. */
  stdin?: string;
  /** Killed (SIGKILL) after this long. Default 30 s. */
  timeoutMs?: number;
}

/** Run a Node script as its own process; resolves when it has exited and its output is read. */
export function runNodeScript(script: string, args: string[], opts: RunOptions): Promise<LugRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
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
    child.stdin.end(opts.stdin);
  });
}

/** Run the built `lug` binary. */
export function runLug(args: string[], opts: RunOptions): Promise<LugRun> {
  return runNodeScript(LUG_BIN, args, opts);
}

/** The tool results a request carried back to the model, whatever the wire format, in order. */
export { toolResultsOf as toolResultsIn } from '@lug/testing';
