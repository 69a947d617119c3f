/**
 * The tool test kit: run one tool the way lug's scheduler runs it — arguments
 * validated against its schema, a real ToolContext, the output cap — without a
 * model, an approval or a session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_LIMITS,
  describeCall,
  PathLocks,
  normalizeToolOutput,
  parseArgs,
  toolErrorText,
  truncateOutput,
  type CallDescription,
  type EditorFiles,
  type Limits,
  type Tool,
  type ToolDetails,
  type ToolContext,
  type ToolPreview,
  type ToolProgress,
} from '@lug/core';

export interface ToolRunResult {
  /** What the model would receive, after the output cap. */
  content: string;
  isError: boolean;
  /** What the tool said about its result for interfaces, checked as the scheduler checks it. */
  details?: ToolDetails;
  /** Set when the tool returned details that are not well-formed (the scheduler drops them with this warning). */
  detailsProblem?: string;
  /** Every progress report the tool emitted, in order. */
  progress: ToolProgress[];
}

export interface ToolContextOptions {
  /** Abort it to test how the tool reacts to a cancelled turn. */
  signal?: AbortSignal;
  /** Override some limits (e.g. a small `outputBytes` to test the cap). */
  limits?: Partial<Limits>;
  /** Default: "call_test_1". */
  callId?: string;
  /** Share one lock table between contexts to test concurrent writers. Default: a table of its own. */
  locks?: PathLocks;
  /** Called with each progress report. Default: ignored. */
  emit?(progress: ToolProgress): void;
  /** The call's description as it was decided (describeTool), as the scheduler hands it over. Default: none. */
  description?: CallDescription;
  /** The editor's view of files (`ToolContext.files`), to test a tool inside an editor. Default: none, the disk. */
  files?: EditorFiles;
}

export interface RunToolOptions extends Omit<ToolContextOptions, 'emit'> {
  /** The project directory. Default: a fresh empty temporary directory. */
  cwd?: string;
  /** Called with each progress report as it happens (they are also collected). */
  onProgress?(progress: ToolProgress): void;
}

/**
 * A real ToolContext in `cwd`, for calling a tool's handler (or preview)
 * directly: the default limits, real per-path locks, a signal never aborted
 * unless one is given.
 */
export function toolContext(cwd: string, options: ToolContextOptions = {}): ToolContext {
  const locks = options.locks ?? new PathLocks();
  return {
    cwd,
    signal: options.signal ?? new AbortController().signal,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    callId: options.callId ?? 'call_test_1',
    lock: (p) => locks.acquire(p),
    emit: options.emit ?? (() => undefined),
    ...(options.description ? { description: options.description } : {}),
    ...(options.files ? { files: options.files } : {}),
  };
}

/** Run `work` in `cwd`, or in a fresh empty temporary directory removed afterwards. */
async function inDirectory<T>(cwd: string | undefined, work: (cwd: string) => Promise<T>): Promise<T> {
  if (cwd !== undefined) return work(cwd);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tool-'));
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Run `tool` with `args` (an object, or the argument text exactly as a model
 * would send it). Unlike the scheduler, an aborted signal does not cut the
 * wait short: the result is whatever the handler does with the abort.
 */
export function runTool(tool: Tool, args: Record<string, unknown> | string, options: RunToolOptions = {}): Promise<ToolRunResult> {
  return inDirectory(options.cwd, (cwd) => runIn(cwd, tool, args, options));
}

async function runIn(cwd: string, tool: Tool, args: Record<string, unknown> | string, options: RunToolOptions): Promise<ToolRunResult> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const progress: ToolProgress[] = [];
  const cap = (content: string, isError: boolean, extra: Pick<ToolRunResult, 'details' | 'detailsProblem'> = {}): ToolRunResult => ({
    content: truncateOutput(content, limits.outputBytes, tool.keep ?? 'start').text,
    isError,
    ...extra,
    progress,
  });

  let parsed: Record<string, unknown>;
  try {
    parsed = parseArgs(typeof args === 'string' ? args : JSON.stringify(args), tool.parameters);
  } catch (err) {
    return cap(`invalid arguments for ${tool.name}: ${toolErrorText(err)}`, true);
  }
  const ctx = toolContext(cwd, {
    ...options,
    limits,
    emit: (p) => {
      progress.push(p);
      options.onProgress?.(p);
    },
  });
  try {
    const out = normalizeToolOutput(await tool.handler(parsed, ctx));
    return cap(out.content, out.isError, {
      ...(out.details ? { details: out.details } : {}),
      ...(out.detailsProblem ? { detailsProblem: out.detailsProblem } : {}),
    });
  } catch (err) {
    return cap(toolErrorText(err), true);
  }
}

/**
 * Compute the tool's preview for `args` (what the approval dialog would show).
 * Throws the argument error when the arguments are invalid, and a clear error
 * when the tool has no preview.
 */
export async function previewTool(
  tool: Tool,
  args: Record<string, unknown> | string,
  options: Pick<RunToolOptions, 'cwd' | 'signal' | 'limits'> = {},
): Promise<ToolPreview> {
  if (!tool.preview) throw new Error(`tool "${tool.name}" has no preview function; only tools that define preview() can be previewed`);
  const parsed = parseArgs(typeof args === 'string' ? args : JSON.stringify(args), tool.parameters);
  const preview = tool.preview.bind(tool);
  return inDirectory(options.cwd, (cwd) => preview(parsed, toolContext(cwd, options)));
}

/**
 * What the core would carry on the call's events for `args`: the tool's
 * description, checked, with every path resolved against `cwd` (default: the
 * process's working directory). Throws the argument error when the arguments
 * are invalid, and the description error when `describe` answers nonsense.
 */
export function describeTool(tool: Tool, args: Record<string, unknown> | string, options: { cwd?: string } = {}): CallDescription {
  const argsText = typeof args === 'string' ? args : JSON.stringify(args);
  return describeCall(tool, parseArgs(argsText, tool.parameters), argsText, options.cwd ?? process.cwd());
}
