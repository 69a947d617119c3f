/** What differs between two states of the files: paths, with their added and removed lines. */
import type { CheckpointFile } from '@lug/core';
import { nulFields, type ShadowGit } from './shadow-git.js';

const STATUS: Record<string, CheckpointFile['status']> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified' };

/** The files that differ from `from` to `to` (commits of the shadow), by path. */
export async function fileChanges(git: ShadowGit, from: string, to: string): Promise<CheckpointFile[]> {
  if (from === to) return [];
  const [names, counts] = await Promise.all([
    git.ok(['diff-tree', '-r', '-z', '--no-renames', '--name-status', from, to]),
    git.ok(['diff-tree', '-r', '-z', '--no-renames', '--numstat', from, to]),
  ]);
  const lines = new Map<string, { added: number; removed: number; binary: boolean }>();
  for (const field of nulFields(counts)) {
    const m = /^(-|\d+)\t(-|\d+)\t([\s\S]*)$/.exec(field);
    if (!m) continue;
    const binary = m[1] === '-';
    lines.set(m[3]!, { added: binary ? 0 : Number(m[1]), removed: binary ? 0 : Number(m[2]), binary });
  }
  const out: CheckpointFile[] = [];
  const f = nulFields(names);
  for (let i = 0; i + 1 < f.length; i += 2) {
    const path = f[i + 1]!;
    const n = lines.get(path) ?? { added: 0, removed: 0, binary: false };
    out.push({ path, status: STATUS[f[i]!.charAt(0)] ?? 'modified', ...n });
  }
  return out;
}

/** Only the paths that differ (one git process). */
export async function changedPaths(git: ShadowGit, from: string, to: string): Promise<string[]> {
  if (from === to) return [];
  return nulFields(await git.ok(['diff-tree', '-r', '-z', '--no-renames', '--name-only', from, to]));
}
