/** One directory's entries, sorted, directories (and links to directories) marked with a trailing `/`. */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from '@lug/tools';

async function isDirectory(dir: string, entry: Dirent): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return (await stat(path.join(dir, entry.name))).isDirectory();
  } catch {
    return false; // a dangling link is listed as a plain entry
  }
}

export async function listDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = await Promise.all(entries.map(async (e) => ((await isDirectory(dir, e)) ? `${e.name}/` : e.name)));
  return names.sort(compareStrings);
}
