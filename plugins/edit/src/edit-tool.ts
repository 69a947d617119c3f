/**
 * The edit tool: replace exact text in a file, atomically, under the file's
 * lock, keeping its line endings, byte order mark, mode and symlinks.
 */
import { checkWriteBoundary, defineTool, displayPath, writeFileAtomic, type FileChangeDetails, type SandboxPolicy, type Tool, type ToolContext, type ToolPreview, PATH_PARAMETER } from '@lug/tools';
import { describeEdit } from './changed-region.js';
import { editLineCounts } from './edit-line-counts.js';
import { DEFAULT_EDIT_MAX_BYTES } from './edit-options.js';
import { editTarget, newFileChunks, planEdit, planTexts, type EditArgs, type EditLimits } from './plan-edit.js';

/** The description and arguments, word for word from the user's page (docs/tools.md). */
const description =
  'Replace exact text in a file. old_string must match the file exactly, including whitespace, and only once unless replace_all is true.';

/**
 * The edit tool, reading its size limit from `limits()` at each call (the
 * host's option edit_max_bytes) and keeping the OS sandbox's write boundary
 * from `sandbox()` (lug.opt.sandbox; null: none).
 */
export function createEditTool(
  limits: () => EditLimits = () => ({ maxBytes: DEFAULT_EDIT_MAX_BYTES }),
  sandbox: () => SandboxPolicy | null = () => null,
): Tool<EditArgs> {
  return defineTool<EditArgs>({
    name: 'edit',
    description,
    ask: true,
    parameters: {
      type: 'object',
      properties: {
        path: PATH_PARAMETER,
        old_string: { type: 'string', description: 'The text to replace, copied exactly from the file.' },
        new_string: { type: 'string', description: 'The text to put in its place.' },
        replace_all: { type: 'boolean', default: false, description: 'Replace every occurrence.' },
      },
      required: ['path', 'old_string', 'new_string'],
      additionalProperties: false,
    },
    describe: (args) => ({ title: args.path, kind: 'edit', paths: [{ path: args.path, access: 'change' }] }),
    handler: (args, ctx) => applyEdit(args, ctx, limits(), sandbox()),
    preview: (args, ctx) => previewEdit(args, ctx, limits()),
  });
}

/** The edit tool with the default size limit. */
export const editTool = createEditTool();

export async function applyEdit(
  args: EditArgs,
  ctx: ToolContext,
  limits: EditLimits,
  sandbox: SandboxPolicy | null = null,
): Promise<{ content: string; details: FileChangeDetails }> {
  const target = await editTarget(args, ctx);
  checkWriteBoundary(sandbox, ctx.cwd, target);
  // The lock is the file's real path, so edits through different symlinks wait for each other;
  // the file is read inside the lock, after any edit that came first has landed.
  const release = await ctx.lock(target);
  try {
    const plan = await planEdit(args, ctx, limits);
    // Inside an editor that offers it, the change goes through the editor, so it lands in its buffer too.
    if (ctx.files?.writeText) await ctx.files.writeText(plan.target, Buffer.concat(newFileChunks(plan)).toString('utf8'), ctx.signal);
    else await writeFileAtomic(plan.target, newFileChunks(plan), { signal: ctx.signal, shownPath: args.path, followLinks: false });
    const shown = displayPath(ctx.cwd, plan.absPath);
    const through = plan.target === plan.absPath ? '' : ` (through the symlink, in ${displayPath(ctx.cwd, plan.target)})`;
    const lines = editLineCounts(plan);
    return {
      content: describeEdit(plan, `${shown}${through}`, ctx.limits),
      details: { kind: 'file_change', path: shown, created: false, linesAdded: lines.added, linesRemoved: lines.removed },
    };
  } finally {
    release();
  }
}

/** The file before and after, computed by the same code the handler runs; changes nothing. */
export async function previewEdit(args: EditArgs, ctx: Pick<ToolContext, 'cwd' | 'limits'>, limits: EditLimits): Promise<ToolPreview> {
  const plan = await planEdit(args, ctx, limits);
  const { before, after } = planTexts(plan);
  return { kind: 'file_change', path: plan.target, before, after };
}
