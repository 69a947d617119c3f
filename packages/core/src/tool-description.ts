/**
 * What a call is about, as its tool describes it: a one-line title, every path
 * it may read or change, the shell command line it runs (if any) and its kind.
 * The core asks the tool once per call, after the arguments are valid, checks
 * the answer, resolves every path (realpath of the nearest existing ancestor)
 * and carries the result on the call's events; approvals, the interface and
 * the headless printer read it there and never look at a tool's name.
 */
import { resolveRealPath } from './real-path.js';

/** The Agent Client Protocol's tool kinds, for an editor protocol to pass on. */
export const TOOL_KINDS = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** Whether a call reads a path or changes it (writes, creates, deletes, moves). */
export type PathAccess = 'read' | 'change';

/** A path as the tool sees it: as the model gave it, relative to the working directory or absolute. */
export interface DescribedPath {
  path: string;
  access: PathAccess;
}

/** What `Tool.describe(args, ctx)` returns. */
export interface ToolDescription {
  /** One line: what the tool lines and the dialog title show ("src/a.ts", "npm test", "TODO  src *.ts"). */
  title: string;
  /** Every path the call may read or change. Rules on paths (`abs_path`) see these and nothing else. */
  paths?: DescribedPath[];
  /** A shell command line the call runs: approvals judge it part by part. */
  command?: string;
  /** Default 'other'. */
  kind?: ToolKind;
}

/** A declared path with where it really is: `absPath` is absolute, symlinks followed. */
export interface ResolvedPath extends DescribedPath {
  absPath: string;
}

/** A call's description as the core carries it on `CallInfo`: checked, defaults filled, paths resolved. */
export interface CallDescription {
  title: string;
  kind: ToolKind;
  paths: ResolvedPath[];
  command?: string;
}

/** A description that is not one: its message says which field is wrong and what is allowed. */
export class DescriptionError extends Error {
  override name = 'DescriptionError';
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'function') return 'a function';
  return JSON.stringify(value) ?? String(value);
}

/**
 * The description of a tool without `describe`: the first string argument as
 * the title (else the arguments as JSON), no paths, no command, kind 'other'.
 * Such a tool is judged by its name and arguments only: a rule on `abs_path`
 * never sees it, since nobody but the tool knows which of its arguments are paths.
 */
export function genericDescription(args: Record<string, unknown> | undefined, argsText: string): ToolDescription {
  if (!args) return { title: argsText };
  const firstString = Object.values(args).find((v): v is string => typeof v === 'string');
  if (firstString !== undefined) return { title: firstString };
  const json = JSON.stringify(args);
  return { title: json === '{}' ? '' : json };
}

/** Check what a tool's `describe` returned; throws a DescriptionError that names the wrong field. */
export function checkDescription(raw: unknown): ToolDescription {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new DescriptionError(`a description is an object { title, paths?, command?, kind? }, got ${show(raw)}`);
  }
  const d = raw as Record<string, unknown>;
  const unknown = Object.keys(d).filter((k) => !['title', 'paths', 'command', 'kind'].includes(k));
  if (unknown.length) throw new DescriptionError(`unknown field ${unknown.join(', ')}; a description has title, paths, command and kind`);
  if (typeof d.title !== 'string') throw new DescriptionError(`title must be a string, got ${show(d.title)}`);
  if (d.command !== undefined && typeof d.command !== 'string') throw new DescriptionError(`command must be a string, got ${show(d.command)}`);
  if (d.kind !== undefined && !(TOOL_KINDS as readonly unknown[]).includes(d.kind)) {
    throw new DescriptionError(`kind must be one of ${TOOL_KINDS.join(', ')}, got ${show(d.kind)}`);
  }
  if (d.paths !== undefined && !Array.isArray(d.paths)) throw new DescriptionError(`paths must be a list of { path, access }, got ${show(d.paths)}`);
  const paths = ((d.paths as unknown[] | undefined) ?? []).map((p, i): DescribedPath => {
    const entry = p as Record<string, unknown> | null;
    if (!entry || typeof entry !== 'object' || typeof entry.path !== 'string' || entry.path === '') {
      throw new DescriptionError(`paths[${i + 1}] must be { path = a non-empty string, access = "read" or "change" }, got ${show(p)}`);
    }
    if (entry.access !== 'read' && entry.access !== 'change') {
      throw new DescriptionError(`paths[${i + 1}].access must be "read" or "change", got ${show(entry.access)}`);
    }
    return { path: entry.path, access: entry.access };
  });
  return {
    title: d.title,
    ...(paths.length ? { paths } : {}),
    ...(d.command !== undefined ? { command: d.command as string } : {}),
    ...(d.kind !== undefined ? { kind: d.kind as ToolKind } : {}),
  };
}

/** A checked description with its defaults and every path resolved against `cwd`. */
export function resolveDescription(description: ToolDescription, cwd: string): CallDescription {
  const paths = (description.paths ?? []).map((p) => ({ path: p.path, access: p.access, absPath: resolveRealPath(cwd, p.path) }));
  return {
    title: description.title,
    kind: description.kind ?? 'other',
    paths,
    ...(description.command !== undefined ? { command: description.command } : {}),
  };
}

interface Describable {
  describe?(args: any, ctx: { cwd: string }): unknown;
}

/**
 * The description of a call with valid arguments: the tool's own (checked), or
 * the generic one. Throws when `describe` throws or returns something that is
 * not a description: the scheduler then fails the call without running it.
 */
export function describeCall(tool: Describable | undefined, args: Record<string, unknown>, argsText: string, cwd: string): CallDescription {
  if (!tool?.describe) return resolveDescription(genericDescription(args, argsText), cwd);
  const raw = tool.describe({ ...args }, { cwd });
  if (raw && typeof (raw as { then?: unknown }).then === 'function') {
    throw new DescriptionError('describe returned a promise; it must answer at once, without waiting');
  }
  return resolveDescription(checkDescription(raw), cwd);
}

/** The title of a call for one-line summaries: its description's, else the generic one (invalid arguments, an unknown tool). */
export function callTitle(call: { args: Record<string, unknown> | undefined; argsText: string; description?: CallDescription }): string {
  return call.description?.title ?? genericDescription(call.args, call.argsText).title;
}
