/**
 * The bash tool: `/bin/bash -c` (or `/bin/sh -c`), standard input empty, in
 * the working directory, in its own process group; the runner in @lug/tools
 * does the process work (timeouts, group kills, flat memory, background jobs).
 */
import { defineTool, runProcess, ToolError, type SandboxPolicy, type Tool, type ToolContext } from '@lug/tools';
import { bashOutput } from './format-result.js';
import { throttledOutput } from './throttled-output.js';

export interface BashArgs {
  command: string;
  timeout_secs?: number;
}

/**
 * The bash tool, run in the OS sandbox `sandbox()` gives at each call (the
 * host's lug.opt.sandbox; null: unsandboxed).
 */
export function createBashTool(sandbox: () => SandboxPolicy | null): Tool<BashArgs> {
  return defineTool<BashArgs>({
    name: 'bash',
    description:
      'Run a command with bash in the working directory. Returns the exit status and output (stdout, then stderr). Standard input is empty. To leave a process running, redirect its output: cmd > log 2>&1 &.',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command line to run.' },
        timeout_secs: {
          type: 'integer',
          minimum: 1,
          maximum: 600,
          default: 120,
          description: 'Seconds before the command is killed.',
        },
      },
      required: ['command'],
      additionalProperties: false,
    },
    ask: true,
    keep: 'end',
    async handler(args, ctx) {
      const timeoutSecs = checkTimeout(args.timeout_secs, ctx);
      if (typeof args.command !== 'string' || args.command.trim() === '') {
        throw new ToolError('command is empty: give the command line to run, e.g. "ls -la"');
      }
      const progress = throttledOutput(ctx);
      try {
        const result = await runProcess(
          { shell: args.command },
          {
            cwd: ctx.cwd,
            timeoutSecs,
            signal: ctx.signal,
            maxBytes: ctx.limits.outputBytes,
            onOutput: progress.write,
            sandbox: sandbox(),
          },
        );
        const { content, details } = bashOutput(result, timeoutSecs, ctx.limits.outputBytes);
        return { content, isError: result.timedOut || result.cancelled, details };
      } finally {
        progress.close();
      }
    },
    describe: (args) => ({ title: args.command, command: args.command, kind: 'execute' }),
    async preview(args, ctx) {
      return { kind: 'command', command: args.command, cwd: ctx.cwd };
    },
  });
}

/** bash without a sandbox (what a host without lug.opt.sandbox runs). */
export const bashTool = createBashTool(() => null);

function checkTimeout(value: number | undefined, ctx: ToolContext): number {
  if (value === undefined) return ctx.limits.timeoutSecs;
  const max = ctx.limits.maxTimeoutSecs;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ToolError(`timeout_secs must be an integer from 1 to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}
