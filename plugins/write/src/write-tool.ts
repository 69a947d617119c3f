/**
 * The write tool: a file's whole new content, written atomically (through
 * symlinks, keeping the mode), with parent directories created.
 */
import {
  countLines,
  defineTool,
  displayPath,
  linesPhrase,
  resolvePath,
  resolveSymlinkTarget,
  writeFileAtomic,
  type ToolContext,
  type ToolPreview,
  PATH_PARAMETER,
} from '@lug/tools';
import { currentContent } from './current-content.js';

export interface WriteArgs {
  path: string;
  content: string;
}

/** The description and arguments, word for word from the user's page (docs/tools.md). */
const description = 'Create or overwrite a file with the given content, creating parent directories.';

export const writeTool = defineTool<WriteArgs>({
  name: 'write',
  description,
  ask: true,
  parameters: {
    type: 'object',
    properties: {
      path: PATH_PARAMETER,
      content: { type: 'string', description: 'The complete new contents of the file.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  handler: (args, ctx) => writeContent(args, ctx),
  preview: (args, ctx) => previewWrite(args, ctx),
});

export async function writeContent(args: WriteArgs, ctx: ToolContext): Promise<string> {
  const absPath = resolvePath(ctx.cwd, args.path);
  const target = await resolveSymlinkTarget(absPath);
  // One writer per file: the lock is the file's real path, so writes through different links wait for each other.
  const release = await ctx.lock(target);
  let created: boolean;
  try {
    ({ created } = await writeFileAtomic(target, args.content, { signal: ctx.signal, shownPath: args.path }));
  } finally {
    release();
  }
  const shown = displayPath(ctx.cwd, absPath);
  const through = target === absPath ? '' : ` (through the symlink, into ${displayPath(ctx.cwd, target)})`;
  return `${created ? 'Created' : 'Replaced'} ${shown}${through}: ${linesPhrase(countLines(args.content))}.`;
}

/** What the file holds now and what it will hold; changes nothing. */
export async function previewWrite(args: WriteArgs, ctx: Pick<ToolContext, 'cwd'>): Promise<ToolPreview> {
  const target = await resolveSymlinkTarget(resolvePath(ctx.cwd, args.path));
  return { kind: 'file_change', path: target, before: await currentContent(target, args.path), after: args.content };
}
