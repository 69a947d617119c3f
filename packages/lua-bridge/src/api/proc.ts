/**
 * lug.proc.run and lug.proc.spawn: programs from an argument list, never a
 * shell string; standard input empty unless given; timeout in seconds (120 by
 * default). The process runner of @lug/tools gives them bash's process groups,
 * kill on timeout and cancel, and cleanup when lug exits.
 */
import * as path from 'node:path';
import type { LuaState } from '../fengari.js';
import type { ProcessOptions, ProcessResult, ProcessRunner } from '../process-runner.js';
import { pushFunctions, type ApiContext } from './api-context.js';
import { is, signature, type CheckedType } from './validate.js';

const ARGV = is
  .listOf(is.anyOf(is.string, is.number).describedAs('string'))
  .that((argv) => argv.length > 0, 'a list of strings like { "git", "status" }');

const OPTS = is
  .fields({
    cwd: is.string.optional(),
    env: is.mapOf(is.string, 'table of strings like { GIT_PAGER = "cat" }').optional(),
    timeout: is.number.that((n) => n > 0, 'a number of seconds greater than 0').optional(),
    stdin: is.string.optional(),
    max_bytes: is.number.that((n) => n > 0, 'a number greater than 0').optional(),
  })
  .optional({});

const RUN = signature('lug.proc.run', [
  ['argv', ARGV],
  ['opts', OPTS],
]);
const SPAWN = signature('lug.proc.spawn', [
  ['argv', ARGV],
  ['opts', OPTS],
]);

function processOptions(ctx: ApiContext, opts: CheckedType<typeof OPTS>, signal: AbortSignal | undefined): ProcessOptions {
  const { cwd, env, timeout, stdin, max_bytes: maxBytes } = opts;
  return {
    // Relative to the project directory, like the tools: never to wherever lug's process happens to be.
    cwd: cwd === undefined ? ctx.host.cwd : path.resolve(ctx.host.cwd, cwd),
    env: { ...ctx.host.env, ...env },
    timeoutSecs: timeout ?? ctx.host.limits.timeoutSecs,
    stdin,
    maxBytes,
    signal,
  };
}

/** Lua's processes are the model's too: they start through modelProcesses, in the OS sandbox of lug.opt.sandbox as bash's do. */
function processes(runner: ProcessRunner, ctx: ApiContext) {
  return runner.modelProcesses(ctx.host);
}

/** The result table Lua sees; `sandbox_blocked` lists what the sandbox refused, when it ran sandboxed and refused something. */
function resultTable(r: ProcessResult) {
  const blocked = r.sandbox?.blocked.length ? { sandbox_blocked: r.sandbox.blocked } : {};
  return { code: r.code ?? undefined, signal: r.signal ?? undefined, stdout: r.stdout, stderr: r.stderr, killed: r.killed, timed_out: r.timedOut, ...blocked };
}

export function pushProcApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  pushFunctions(vm, L, 'lug.proc', {
    run: vm.asyncFn('lug.proc.run', (Ls, call) => {
      const [argv, opts] = RUN.read(vm, Ls);
      return ctx.processRunner().then(async (runner) => [resultTable(await processes(runner, ctx).run(argv.map(String), processOptions(ctx, opts, call.signal)))]);
    }),
    spawn: vm.asyncFn('lug.proc.spawn', (Ls, call) => {
      const [argv, opts] = SPAWN.read(vm, Ls);
      // A spawned process outlives the call that started it: it ends on kill(), its timeout, or lug's exit.
      void call;
      return ctx.processRunner().then((runner) => {
        const handle = processes(runner, ctx).spawn(argv.map(String), processOptions(ctx, opts, undefined));
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
