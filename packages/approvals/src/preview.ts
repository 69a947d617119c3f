/**
 * What the dialog (and an approver) is shown for a call, computed when asked
 * so a diff reflects the file on disk at that moment. The tool describes its
 * own change (`tool.preview`); this turns that into text and makes every
 * character safe for the terminal.
 */
import { displayPath, type AuthorizeRequest, type LugHost, type ToolPreview } from '@lug/core';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { escapeForTerminal } from '@lug/core';
import type { Preview } from './types.js';

/** Past this, a preview is cut: a dialog is for reading, not for megabytes. */
type DiffModule = typeof import('diff');
let diffModule: DiffModule | undefined;
/** `diff` (18 modules) loads on the first preview, not with lug. Its CommonJS build keeps diffText synchronous. */
function diffLib(): DiffModule {
  return (diffModule ??= createRequire(import.meta.url)('diff') as DiffModule);
}

export const MAX_PREVIEW_CHARS = 200_000;
/** The diff algorithm gives up after this long (a huge rewrite); the new content is shown instead. */
const DIFF_TIMEOUT_MS = 1_000;

export async function previewCall(host: LugHost, request: AuthorizeRequest, signal?: AbortSignal): Promise<Preview> {
  const tool = host.tools.get(request.tool);
  if (tool?.preview) {
    try {
      const described = await tool.preview(request.args, {
        cwd: request.cwd,
        signal: signal ?? new AbortController().signal,
        limits: host.limits,
      });
      return fromToolPreview(described, request.cwd);
    } catch (err) {
      return argsPreview(request.args, `(the ${request.tool} tool could not describe this call: ${(err as Error).message})\n`);
    }
  }
  if (request.description.command !== undefined) return commandPreview(request.description.command, request.cwd);
  return argsPreview(request.args);
}

export function fromToolPreview(described: ToolPreview, cwd?: string): Preview {
  switch (described.kind) {
    case 'file_change':
      return safe('diff', diffText(cwd ? displayPath(cwd, resolve(cwd, described.path)) : described.path, described.before, described.after));
    case 'command':
      return commandPreview(described.command, described.cwd);
    case 'text':
      return safe('args', described.text);
  }
}

/** A unified diff; a new file (no `before`) shows every line as added. */
export function diffText(path: string, before: string | null, after: string): string {
  if (before === after) return `${path}: no change\n`;
  const patch = diffLib().createTwoFilesPatch(before === null ? '/dev/null' : path, path, before ?? '', after, undefined, undefined, {
    context: 3,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (patch === undefined) return `${path}: too many changes to diff in time; the new content:\n${after}`;
  // Drop the "Index:" and "=====" lines the package writes before the usual ---/+++ headers.
  return patch.replace(/^(Index: .*\n)?=+\n/, '');
}

export function commandPreview(command: string, cwd: string): Preview {
  return safe('command', `$ ${command}\n\nin ${cwd}`);
}

export function argsPreview(args: Record<string, unknown>, note = ''): Preview {
  return safe('args', note + JSON.stringify(args, null, 2));
}

function safe(kind: Preview['kind'], text: string): Preview {
  const cut =
    text.length > MAX_PREVIEW_CHARS
      ? `${text.slice(0, MAX_PREVIEW_CHARS)}\n… (${text.length - MAX_PREVIEW_CHARS} more characters not shown)`
      : text;
  return { kind, text: escapeForTerminal(cut) };
}
