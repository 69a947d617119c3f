/**
 * The message for a path that does not exist, with what the model most likely
 * meant: a name in the same directory that differs in case, extension or a
 * typo, or the fact that the directory itself is missing.
 */
import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { editDistance } from '@lug/core';
import { printablePath } from '../output/printable-path.js';

const MAX_ENTRIES_COMPARED = 2000;
const MAX_SUGGESTIONS = 3;

function stem(name: string): string {
  const ext = path.extname(name);
  return ext && ext !== name ? name.slice(0, -ext.length) : name;
}

/** How alike `entry` is to the wanted name: lower is closer; undefined means not alike. */
function likeness(wanted: string, entry: string): number | undefined {
  if (entry === wanted) return undefined;
  if (entry.toLowerCase() === wanted.toLowerCase()) return 0;
  if (stem(entry) === stem(wanted)) return 1;
  const limit = wanted.length <= 4 ? 1 : 2;
  const d = editDistance(wanted.toLowerCase(), entry.toLowerCase(), limit);
  return d <= limit ? 1 + d : undefined;
}

async function similarNames(dir: string, wanted: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  return entries
    .slice(0, MAX_ENTRIES_COMPARED)
    .map((entry) => ({ entry, score: likeness(wanted, entry) }))
    .filter((c): c is { entry: string; score: number } => c.score !== undefined)
    .sort((a, b) => a.score - b.score || a.entry.localeCompare(b.entry))
    .slice(0, MAX_SUGGESTIONS)
    .map((c) => c.entry);
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * "<shown> does not exist …": why, and what exists instead. `absPath` is
 * the resolved path; `shownPath` the path as the model wrote it.
 */
export async function missingPathMessage(absPath: string, shownPath: string): Promise<string> {
  const where = shownPath === absPath ? shownPath : `${shownPath} (${absPath})`;
  try {
    if ((await lstat(absPath)).isSymbolicLink()) {
      return `${where} is a symbolic link to ${printablePath(await readlink(absPath))}, which does not exist.`;
    }
  } catch {
    // not a dangling link: fall through
  }
  const dir = path.dirname(absPath);
  if (!(await exists(dir))) {
    return `${where} does not exist: its directory ${dir} does not exist either.`;
  }
  const similar = await similarNames(dir, path.basename(absPath));
  if (similar.length === 0) return `${where} does not exist; list its directory with ls to find the right name.`;
  const shownDir = path.dirname(shownPath);
  // A name from the directory is written so that it cannot pass for more of the message (printablePath).
  const names = similar.map((name) => printablePath(shownDir === '.' && !shownPath.startsWith('./') ? name : path.join(shownDir, name)));
  return `${where} does not exist. Did you mean ${names.join(' or ')}?`;
}
