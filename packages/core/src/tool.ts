/**
 * The Tool contract: what a built-in, a plugin or a Lua tool provides. The core
 * validates arguments against `parameters`, asks `describe` what the call is
 * about (before approvals run), applies the output cap to whatever the handler
 * returns, and turns a thrown error into an error result for the model.
 */
import type { RefusedRead } from './authorizer.js';
import type { EditorFiles } from './editor-files.js';
import type { JsonSchema } from './json-schema.js';
import type { Limits } from './limits.js';
import type { Keep } from './output-limit.js';
import type { CallDescription, ToolDescription } from './tool-description.js';
import type { ToolDetails } from './tool-details.js';

/** Progress a running tool reports (the TUI shows it; nothing else depends on it). */
export interface ToolProgress {
  kind: 'output' | 'status';
  text: string;
}

export interface ToolContext {
  /** The project directory, where tools run. */
  cwd: string;
  /** Aborted when the turn is cancelled. */
  signal: AbortSignal;
  /** Take the per-path lock; resolve to the function that releases it. */
  lock(path: string): Promise<() => void>;
  limits: Limits;
  emit(progress: ToolProgress): void;
  /** The id of the call being run. */
  callId: string;
  /**
   * The call as it was described and decided: its paths with `absPath`
   * resolved when approvals judged it. A tool that changes a path should
   * change exactly that `absPath`, and refuse if the path leads elsewhere now
   * (@lug/tools' `decidedPath` does both). Set by the scheduler; absent when
   * a handler is called some other way (a test, a preview).
   */
  description?: CallDescription;
  /** The editor's view of files, when lug runs inside one that offers it (`lug --acp`): read and write a file's text through it. Absent: the disk. */
  files?: EditorFiles;
  /**
   * Why the rules refuse reading a file beneath the paths the call declared
   * (relative to `cwd` or absolute; symlinks followed), or undefined: set by
   * the scheduler from the authorizer's decision when rules could refuse one.
   * Rules judge the paths a call declares, and a directory is judged as
   * itself; a tool that reads the files beneath a declared directory (grep,
   * ls) asks this for each and leaves the refused ones out, so a rule denying
   * `.env` is not read around by searching `.`. It answers at once. Absent
   * when no rule could refuse anything.
   */
  refusedRead?: RefusedRead;
}

/**
 * What a handler may return: text, or text flagged as an error, with typed
 * `details` for interfaces beside it (the model reads `content` only).
 */
export type ToolOutput = string | { content: string; isError?: boolean; details?: ToolDetails };

/** What the approval dialog shows for a call, computed by the tool itself. */
export type ToolPreview =
  | { kind: 'file_change'; path: string; before: string | null; after: string }
  | { kind: 'command'; command: string; cwd: string }
  | { kind: 'text'; text: string };

export interface Tool<Args = any> {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: JsonSchema;
  /** Whether a call asks before it runs under the default policy. Default true. */
  ask?: boolean;
  /** Which end of an over-long output to keep. Default 'start'. */
  keep?: Keep;
  handler(args: Args, ctx: ToolContext): Promise<ToolOutput> | ToolOutput;
  /**
   * What a call is about: its title, every path it may read or change, the
   * shell command it runs, its kind. Called once per call with valid
   * arguments, before approvals; it must answer at once and change nothing.
   * Without it the call gets a generic description (the first string argument
   * as its title, no paths): declare the paths to get rules on them.
   */
  describe?(args: Args, ctx: { cwd: string }): ToolDescription;
  /**
   * What the tool readies before its first call, so that call costs what
   * later ones do (a program located, a first process started). Called once
   * a host, when lug is idle anyway: while the first prompt is typed in the
   * interface, else once the model begins its first answer. It must
   * change nothing, and a failure is only a warning.
   */
  warm?(ctx: { cwd: string }): Promise<void> | void;
  /** What the call would do, for the approval dialog. Must change nothing. */
  preview?(args: Args, ctx: Pick<ToolContext, 'cwd' | 'signal' | 'limits'>): Promise<ToolPreview>;
}

/**
 * An error a tool throws on purpose: its message goes to the model as is,
 * without a stack, so it should say what was wrong and what to do instead.
 */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** The spec sent to the model for a tool. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export function toolSpec(tool: Tool): ToolSpec {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}
