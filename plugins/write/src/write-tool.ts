/**
 * The write tool: a file's whole new content, written atomically (through
 * symlinks, keeping the mode), with parent directories created.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import {
  changedLineCounts,
  countLines,
  defineTool,
  displayPath,
  linesPhrase,
  decidedPath,
  resolvePath,
  checkWriteBoundary,
  ToolError,
  writeFileAtomic,
  type SandboxPolicy,
  type Tool,
  type EditorFiles,
  type FileChangeDetails,
  type LineCounts,
  type ToolContext,
  type ToolPreview,
  PATH_PARAMETER,
  readRegularFile,
} from '@lug/tools';
import { currentContent } from './current-content.js';

export interface WriteArgs {
  path: string;
  content: string;
}

/** The description and arguments, word for word from the user's page (docs/tools.md). */
const description = 'Create or overwrite a file with the given content, creating parent directories.';

/** The write tool, keeping the OS sandbox's write boundary (`sandbox()` at each call; null: none). */
export function createWriteTool(sandbox: () => SandboxPolicy | null): Tool<WriteArgs> {
  return defineTool<WriteArgs>({
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
    describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }),
    handler: (args, ctx) => writeContent(args, ctx, sandbox()),
    preview: (args, ctx) => previewWrite(args, ctx),
  });
}

/** write without a sandbox (what a host without lug.opt.sandbox runs). */
export const writeTool = createWriteTool(() => null);

/** Past this, a replaced file's old lines are all counted as removed rather than compared. */
const COMPARED_BYTES = 4 * 1024 * 1024;

/** The lines a write adds and removes, against what the file held (nothing, for a new file). */
async function countChange(target: string, content: string): Promise<LineCounts> {
  let old: Buffer;
  try {
    // Never a plain readFile: a pipe would block it forever and a device (stat size 0) feed it without end.
    ({ bytes: old } = await readRegularFile(target, target));
  } catch {
    // Missing (a new file), or not a regular file: writeFileAtomic says what is wrong with it.
    return { added: countLines(content), removed: 0 };
  }
  if (old.length > COMPARED_BYTES) return { added: countLines(content), removed: countLines(old.toString('latin1')) };
  return changedLineCounts(old.toString('utf8'), content);
}

/**
 * A path write cannot mean a file by: an empty one (the working directory)
 * and one that ends in a slash, which names a directory yet path.resolve
 * drops the slash, so "notes/" would silently become a file named notes.
 */
function checkFilePath(shownPath: string): void {
  if (shownPath === '') {
    throw new ToolError('path is empty; pass the path of the file to write, relative to the working directory or absolute.');
  }
  if (shownPath.endsWith('/') || (sep === '\\' && shownPath.endsWith('\\'))) {
    throw new ToolError(
      `${shownPath} ends in "${shownPath.at(-1)}", so it names a directory; write writes a file. Pass the file's path, e.g. ${JSON.stringify(`${shownPath}NAME`)}.`,
    );
  }
}

export async function writeContent(args: WriteArgs, ctx: ToolContext, sandbox: SandboxPolicy | null = null): Promise<{ content: string; details: FileChangeDetails }> {
  checkFilePath(args.path);
  const absPath = resolvePath(ctx.cwd, args.path);
  // The file its call was approved on (symlinks resolved then), or an error if the path leads elsewhere now.
  const target = decidedPath(ctx, args.path);
  checkWriteBoundary(sandbox, ctx.cwd, target);
  // One writer per file: the lock is the file's real path, so writes through different links wait for each other.
  const release = await ctx.lock(target);
  let created: boolean;
  let lines: LineCounts;
  try {
    // Again once the lock is held, the last moment before the write: a link made while waiting redirects nothing.
    decidedPath(ctx, args.path);
    lines = await countChange(target, args.content);
    ({ created } = ctx.files?.writeText ? await writeThroughEditor(ctx.files.writeText, target, args.content, ctx.signal) : await writeFileAtomic(target, args.content, { signal: ctx.signal, shownPath: args.path, followLinks: false }));
  } finally {
    release();
  }
  const shown = displayPath(ctx.cwd, absPath);
  const through = target === absPath ? '' : ` (through the symlink, into ${displayPath(ctx.cwd, target)})`;
  return {
    content: `${created ? 'Created' : 'Replaced'} ${shown}${through}: ${linesPhrase(countLines(args.content))}.`,
    details: { kind: 'file_change', path: shown, created, linesAdded: lines.added, linesRemoved: created ? 0 : lines.removed },
  };
}

/**
 * Inside an editor that offers it (`ctx.files`), the content goes through the
 * editor, so the change lands in its buffer too; the parent directories are
 * made first, as for a write to disk.
 */
async function writeThroughEditor(writeText: NonNullable<EditorFiles['writeText']>, target: string, content: string, signal: AbortSignal): Promise<{ created: boolean }> {
  const created = await stat(target).then(
    () => false,
    () => true,
  );
  await mkdir(dirname(target), { recursive: true });
  await writeText(target, content, signal);
  return { created };
}

/** What the file holds now and what it will hold; changes nothing. */
export async function previewWrite(args: WriteArgs, ctx: Pick<ToolContext, 'cwd'>): Promise<ToolPreview> {
  checkFilePath(args.path);
  const target = decidedPath({ cwd: ctx.cwd }, args.path);
  return { kind: 'file_change', path: target, before: await currentContent(target, args.path), after: args.content };
}
