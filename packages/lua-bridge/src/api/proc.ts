/**
 * lug.proc.run and lug.proc.spawn: programs from an argument list, never a
 * shell string; standard input empty unless given; timeout in seconds (120 by
 * default). The process runner of @lug/tools gives them bash's process groups,
 * kill on timeout and cancel, and cleanup when lug exits.
 */
import * as path from 'node:path';
import type { LuaState } from '../fengari.js';
import type { ProcessOptions, ProcessResult } from '../process-runner.js';
import { LuaArgs } from './lua-args.js';
import { pushFunctions, type ApiContext } from './api-context.js';

const OPTION_KEYS = ['cwd', 'env', 'timeout', 'stdin', 'max_bytes'];

function processOptions(ctx: ApiContext, raw: Record<string, unknown>, signal: AbortSignal | undefined): ProcessOptions {
  const unknown = Object.keys(raw).filter((k) => !OPTION_KEYS.includes(k));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(', ')}; the options are ${OPTION_KEYS.join(', ')}`);
  const { cwd, env, timeout, stdin, max_bytes: maxBytes } = raw;
  if (cwd !== undefined && typeof cwd !== 'string') throw new Error('cwd must be a string (a directory)');
  if (env !== undefined && (typeof env !== 'object' || Array.isArray(env) || Object.values(env as object).some((v) => typeof v !== 'string'))) {
    throw new Error('env must be a table of strings, e.g. { GIT_PAGER = "cat" }');
  }
  if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) throw new Error('timeout must be a number of seconds greater than 0');
  if (stdin !== undefined && typeof stdin !== 'string') throw new Error('stdin must be a string');
  if (maxBytes !== undefined && (typeof maxBytes !== 'number' || !(maxBytes > 0))) throw new Error('max_bytes must be a number greater than 0');
  return {
    // Relative to the project directory, like the tools: never to wherever lug's process happens to be.
    cwd: cwd === undefined ? ctx.host.cwd : path.resolve(ctx.host.cwd, cwd as string),
    env: { ...ctx.host.env, ...(env as Record<string, string> | undefined) },
    timeoutSecs: (timeout as number | undefined) ?? ctx.host.limits.timeoutSecs,
    stdin: stdin as string | undefined,
    maxBytes: maxBytes as number | undefined,
    signal,
  };
}

/** The result table Lua sees. */
function resultTable(r: ProcessResult) {
  return { code: r.code ?? undefined, signal: r.signal ?? undefined, stdout: r.stdout, stderr: r.stderr, killed: r.killed, timed_out: r.timedOut };
}

export function pushProcApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  pushFunctions(vm, L, 'lug.proc', {
    run: vm.asyncFn('lug.proc.run', (Ls, call) => {
      const a = new LuaArgs(vm, Ls);
      const argv = a.stringList(1, 'argv');
      const opts = processOptions(ctx, a.optTable(2, 'opts'), call.signal);
      return ctx.processRunner().then(async (runner) => [resultTable(await runner.runProcess(argv, opts))]);
    }),
    spawn: vm.asyncFn('lug.proc.spawn', (Ls, call) => {
      const a = new LuaArgs(vm, Ls);
      const argv = a.stringList(1, 'argv');
      // A spawned process outlives the call that started it: it ends on kill(), its timeout, or lug's exit.
      const opts = processOptions(ctx, a.optTable(2, 'opts'), undefined);
      void call;
      return ctx.processRunner().then((runner) => {
        const handle = runner.spawnProcess(argv, opts);
        let waited: Promise<ProcessResult> | undefined;
        const wait = () => (waited ??= handle.wait());
        return [
          {
            pid: handle.pid,
            // Callable as h.wait() or h:wait().
            wait: () => wait().then(resultTable),
            kill: () => Promise.resolve(handle.kill()).then(() => true),
          },
        ];
      });
    }),
  });
}
