/**
 * The read tool: a UTF-8 text file's lines, numbered like `cat -n`, a window
 * of them at a time.
 */
import {
  defineTool,
  describeCrlf,
  displayPath,
  decidedPath,
  resolvePath,
  statRegularFile,
  ToolError,
  type FileReadDetails,
  type ToolContext,
  PATH_PARAMETER,
} from '@lug/tools';
import { formatWindow } from './format-window.js';
import { scanLines } from './scan-lines.js';

export interface ReadArgs {
  path: string;
  offset?: number;
  limit?: number;
}

/** The description and arguments, word for word from the user's page (docs/tools.md). */
const description =
  'Read a UTF-8 text file. Returns its lines numbered from 1, like cat -n. For long files, pass offset (first line, 1-based) and limit (number of lines).';

export const readTool = defineTool<ReadArgs>({
  name: 'read',
  description,
  ask: false,
  parameters: {
    type: 'object',
    properties: {
      path: PATH_PARAMETER,
      offset: { type: 'integer', minimum: 1, default: 1, description: 'First line to return, 1-based.' },
      limit: { type: 'integer', minimum: 1, default: 2000, description: 'How many lines to return.' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  describe: (args) => ({ title: args.path, kind: 'read', paths: [{ path: args.path, access: 'read' }] }),
  handler: (args, ctx) => readFileLines(args, ctx),
});

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export async function readFileLines(args: ReadArgs, ctx: ToolContext): Promise<{ content: string; details: FileReadDetails }> {
  const shownPath = args.path;
  const absPath = resolvePath(ctx.cwd, args.path);
  // The file its call was judged on (symlinks resolved then), or an error if the path leads elsewhere now.
  const opened = decidedPath(ctx, args.path, 'read');
  const offset = args.offset ?? 1;
  const limit = args.limit ?? ctx.limits.readLines;
  await statRegularFile(opened, shownPath);
  // Inside an editor that offers it, the buffer as the editor has it, unsaved changes included.
  const text = ctx.files?.readText ? await ctx.files.readText(opened, ctx.signal) : undefined;
  const scan = await scanLines(opened, shownPath, {
    ...(text !== undefined ? { text } : {}),
    from: offset,
    count: limit,
    maxChars: ctx.limits.lineChars,
    keepBytes: ctx.limits.outputBytes,
    signal: ctx.signal,
  });
  const details = (linesShown: number): FileReadDetails => ({
    kind: 'file_read',
    path: displayPath(ctx.cwd, absPath),
    firstLine: offset,
    linesShown,
    totalLines: scan.totalLines,
  });
  if (scan.totalLines === 0) {
    if (offset === 1) return { content: `[${shownPath} is empty: it has no lines]`, details: details(0) };
    throw new ToolError(`offset ${offset} is past the end of ${shownPath}: the file is empty (0 lines).`);
  }
  if (offset > scan.totalLines) {
    throw new ToolError(
      `offset ${offset} is past the end of ${shownPath}, which has ${plural(scan.totalLines, 'line')}; pass an offset from 1 to ${scan.totalLines}.`,
    );
  }
  const crlf = describeCrlf(scan.endings);
  const window = formatWindow({
    shownPath,
    offset,
    limit,
    limitIsDefault: args.limit === undefined,
    totalLines: scan.totalLines,
    lines: scan.lines,
    note: crlf ? `[${crlf}; lines are shown without the CR]` : undefined,
    maxBytes: ctx.limits.outputBytes,
  });
  return { content: window.text, details: details(window.linesShown) };
}
