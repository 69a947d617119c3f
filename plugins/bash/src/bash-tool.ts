/**
 * The bash tool: `/bin/bash -c` (or `/bin/sh -c`), standard input empty, in
 * the working directory, in its own process group; the runner in @lug/tools
 * does the process work (timeouts, group kills, flat memory, background jobs).
 */
import { defineTool, runProcess, ToolError, type ToolContext } from '@lug/tools';
import { bashOutput } from './format-result.js';
import { throttledOutput } from './throttled-output.js';

export interface BashArgs {
  command: string;
  timeout_secs?: number;
}

export const bashTool = defineTool<BashArgs>({
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

function checkTimeout(value: number | undefined, ctx: ToolContext): number {
  if (value === undefined) return ctx.limits.timeoutSecs;
  const max = ctx.limits.maxTimeoutSecs;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ToolError(`timeout_secs must be an integer from 1 to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}
