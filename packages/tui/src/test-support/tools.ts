/**
 * Four small tools written the way the stock plugins are (same names, same
 * arguments, descriptions, previews from the file on disk, bash through
 * @lug/tools' process runner), for tests of the TUI against the real core and
 * approvals.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ToolError, type Tool } from '@lug/core';
import { runProcess } from '@lug/tools';

const resolve = (cwd: string, p: string) => path.resolve(cwd, p);
const readOrNull = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);

export const readTool: Tool<{ path: string }> = {
  name: 'read',
  description: 'Read a UTF-8 text file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  ask: false,
  describe: (args) => ({ title: args.path, kind: 'read', paths: [{ path: args.path, access: 'read' }] }),
  handler(args, ctx) {
    const text = readOrNull(resolve(ctx.cwd, args.path));
    if (text === null) throw new ToolError(`${args.path} does not exist`);
    return text
      .split('\n')
      .map((line, i) => `${i + 1}\t${line}`)
      .join('\n');
  },
};

export const writeTool: Tool<{ path: string; content: string }> = {
  name: 'write',
  description: 'Create or overwrite a file with the given content, creating parent directories.',
  parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
  ask: true,
  describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }),
  async preview(args, ctx) {
    return { kind: 'file_change', path: args.path, before: readOrNull(resolve(ctx.cwd, args.path)), after: args.content };
  },
  handler(args, ctx) {
    fs.writeFileSync(resolve(ctx.cwd, args.path), args.content);
    return `wrote ${args.path}`;
  },
};

function replaced(before: string, args: { old_string: string; new_string: string }): string {
  const at = before.indexOf(args.old_string);
  if (at === -1) throw new ToolError('old_string was not found in the file');
  return before.slice(0, at) + args.new_string + before.slice(at + args.old_string.length);
}

export const editTool: Tool<{ path: string; old_string: string; new_string: string }> = {
  name: 'edit',
  description: 'Replace exact text in a file.',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' } },
    required: ['path', 'old_string', 'new_string'],
  },
  ask: true,
  describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }),
  async preview(args, ctx) {
    const before = readOrNull(resolve(ctx.cwd, args.path)) ?? '';
    return { kind: 'file_change', path: args.path, before, after: replaced(before, args) };
  },
  handler(args, ctx) {
    const file = resolve(ctx.cwd, args.path);
    fs.writeFileSync(file, replaced(fs.readFileSync(file, 'utf8'), args));
    return `edited ${args.path}`;
  },
};

export const bashTool: Tool<{ command: string }> = {
  name: 'bash',
  description: 'Run a command with bash in the working directory.',
  parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  ask: true,
  keep: 'end',
  describe: (args) => ({ title: args.command, command: args.command, kind: 'execute' }),
  async handler(args, ctx) {
    const r = await runProcess({ shell: args.command }, { cwd: ctx.cwd, signal: ctx.signal, timeoutSecs: 120 });
    return `exit ${r.code}\n${r.stdout}${r.stderr}`;
  },
};

export const TEST_TOOLS = [readTool, writeTool, editTool, bashTool];
