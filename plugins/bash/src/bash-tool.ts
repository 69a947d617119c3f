/**
 * The bash tool: `/bin/bash -c` (or `/bin/sh -c`), standard input empty, in
 * the working directory, in its own process group; the runner in @lug/tools
 * does the process work (timeouts, group kills, flat memory, background jobs).
 */
import { defineTool, runProcess, ToolError, type ModelProcesses, type ModelProcessOptions, type ProcessResult, type Tool, type ToolContext } from '@lug/tools';
import { checkCommandLine, commandTooLong } from './command-line.js';
import { bashOutput } from './format-result.js';
import { throttledOutput } from './throttled-output.js';

export interface BashArgs {
  command: string;
  timeout_secs?: number;
}

/**
 * The bash tool, its commands run by `processes`: the plugin gives it
 * @lug/tools' `modelProcesses(lug)`, which puts each one in the OS sandbox
 * the host's lug.opt.sandbox asks for at that call.
 */
export function createBashTool(processes: Pick<ModelProcesses, 'run'>): Tool<BashArgs> {
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
      checkCommandLine(args.command);
      const progress = throttledOutput(ctx);
      try {
        const result = await runShell(processes, args.command, {
          cwd: ctx.cwd,
          timeoutSecs,
          signal: ctx.signal,
          maxBytes: ctx.limits.outputBytes,
          onOutput: progress.write,
        });
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

/** bash without a sandbox, outside any host (tests, the tool's own definition); the plugin's bash is confined. */
export const bashTool = createBashTool({ run: runProcess });

/** The command through `processes`, a line too long to start said as such (the runner's ProcessError carries the code E2BIG). */
async function runShell(processes: Pick<ModelProcesses, 'run'>, command: string, opts: ModelProcessOptions): Promise<ProcessResult> {
  try {
    return await processes.run({ shell: command }, opts);
  } catch (err) {
    throw commandTooLong(err, command) ?? err;
  }
}

function checkTimeout(value: number | undefined, ctx: ToolContext): number {
  if (value === undefined) return ctx.limits.timeoutSecs;
  const max = ctx.limits.maxTimeoutSecs;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    // String() for numbers: JSON.stringify writes NaN and Infinity (which Lua can pass) as null.
    const got = typeof value === 'number' ? String(value) : JSON.stringify(value);
    throw new ToolError(`timeout_secs must be an integer from 1 to ${max}, got ${got}`);
  }
  return value;
}
