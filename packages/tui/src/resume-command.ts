/**
 * `:resume`: the earlier conversations of this directory and their branches,
 * newest first; `:resume ID` continues one, `:resume ID#N` one of its
 * branches (this conversation's too).
 */
import type { Command } from '@lug/core';
import { promptLine } from './branch-commands.js';
import type { TuiController } from './controller.js';

/** How many earlier conversations `:resume` lists. */
const RESUME_LISTED = 15;

export function resumeCommand(c: TuiController, source: string): Command {
  // What `:resume ` completes from, read once a line: the menu asks at each key of it, and each reading lists the
  // store and reads every stored conversation's outline. Read again when the argument is empty (a new line).
  let choices: { session: string; ids: string[] } | undefined;
  return {
    name: 'resume',
    desc: 'list earlier conversations in this directory and their branches; ":resume ID" continues one, ":resume ID#N" a branch',
    source,
    complete(arg) {
      const typed = arg.trim();
      if (!choices || !typed || choices.session !== c.session.id) choices = { session: c.session.id, ids: resumeChoices(c) };
      return choices.ids.filter((id) => id.startsWith(typed));
    },
    run(arg) {
      const wanted = arg.trim();
      if (!c.opts.store) throw new Error('this lug has no session store to resume from');
      const here = storedHere(c);
      if (!wanted) return listConversations(c, here);
      resume(c, wanted, here.others);
    },
  };
}

/** The conversations stored for this directory (one listing of the store): the others, and whether this one has a file yet. */
interface StoredHere {
  others: Array<{ id: string }>;
  ownHasFile: boolean;
}

function storedHere(c: TuiController): StoredHere {
  let stored: Array<{ id: string }>;
  try {
    stored = c.opts.store?.list(c.host.cwd) ?? [];
  } catch {
    stored = [];
  }
  return { others: stored.filter((s) => s.id !== c.session.id), ownHasFile: stored.some((s) => s.id === c.session.id) };
}

/** `:resume` alone: this conversation's branches, then the newest earlier conversations with theirs. */
function listConversations(c: TuiController, { others: sessions, ownHasFile }: StoredHere): void {
  const ownBranches = ownHasFile ? branchesOf(c, c.session.id) : [];
  const own = ownBranches.map((b) => `- \`${c.session.id}#${b.n}\` branch of this conversation: ${promptLine(b.prompt)}`);
  if (!sessions.length && !own.length) return c.transcript.notice('no earlier conversation in this directory');
  const lines = sessions.slice(0, RESUME_LISTED).flatMap((s) => {
    const listed = listing(c, s.id);
    return [`- \`${s.id}\` ${listed.prompt}`, ...listed.branches.map((b) => `  - \`${s.id}#${b.n}\` branch: ${promptLine(b.prompt)}`)];
  });
  const which = sessions.length > RESUME_LISTED ? `the newest ${RESUME_LISTED} of ${sessions.length}` : 'newest first';
  const more = sessions.length > RESUME_LISTED ? '; Tab completes any of them' : '; Tab completes';
  c.transcript.notice(`Earlier conversations here, ${which} (\`:resume ID\` continues one, a prefix of the id is enough, \`:resume ID#N\` one of its branches${more}):\n\n${[...own, ...lines].join('\n')}`, 'info', true);
}

/** `:resume ID` or `:resume ID#N`: the one conversation whose id starts with ID (this one too, for a branch). */
function resume(c: TuiController, wanted: string, sessions: Array<{ id: string }>): void {
  const [idPart, branchPart] = wanted.split('#');
  const branch = branchPart === undefined ? undefined : Number(branchPart);
  if (branch !== undefined && (!Number.isInteger(branch) || branch < 1)) throw new Error(`"${wanted}": a branch is written ID#N, N a branch number that :resume lists`);
  const candidates = branch !== undefined ? [{ id: c.session.id }, ...sessions] : sessions;
  const match = candidates.filter((s) => s.id.startsWith(idPart!));
  if (match.length !== 1) {
    throw new Error(match.length ? `"${idPart}" matches ${match.length} conversations: give more of the id` : `no conversation "${idPart}" in this directory; :resume lists them`);
  }
  c.resumeSession(match[0]!.id, branch);
  c.transcript.notice(`resumed ${match[0]!.id}${branch !== undefined ? `, branch #${branch} (the conversation it replaces is now that branch)` : ''}`);
}

/** The first prompt of a stored conversation and its branches, for the :resume list (read without loading the file, where the store can). */
function listing(c: TuiController, id: string): { prompt: string; branches: Array<{ n: number; prompt: string }> } {
  try {
    const outline = outlineOf(c, id);
    return { prompt: promptLine(outline.prompt), branches: outline.branches };
  } catch {
    return { prompt: '(unreadable)', branches: [] };
  }
}

function outlineOf(c: TuiController, id: string): { prompt: string; branches: Array<{ n: number; prompt: string }> } {
  const store = c.opts.store!;
  if (store.outline) return store.outline(id);
  const stored = store.load(id);
  const first = stored.messages.find((m) => m.role === 'user');
  return { prompt: first && first.role === 'user' ? first.content : '', branches: stored.branches ?? [] };
}

/** The branches of stored conversation `id` (none when its file cannot be read). */
function branchesOf(c: TuiController, id: string): Array<{ n: number; prompt: string }> {
  try {
    return outlineOf(c, id).branches;
  } catch {
    return [];
  }
}

/** What :resume completes: the other conversations, and every branch (this conversation's too). */
function resumeChoices(c: TuiController): string[] {
  const { others, ownHasFile } = storedHere(c);
  const ids = others.map((s) => s.id);
  const withFiles = ownHasFile ? [c.session.id, ...ids] : ids;
  const branches = withFiles.flatMap((id) => branchesOf(c, id).map((b) => `${id}#${b.n}`));
  return [...ids, ...branches];
}
