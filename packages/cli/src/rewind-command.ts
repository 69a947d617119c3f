/**
 * `lug rewind`: the project's file checkpoints from the command line, for
 * scripts. `--list` prints them (one line each, then its files); `N` puts
 * the files back as they were before checkpoint N's turn and takes that
 * session's conversation back to before its prompt (`--files-only`: the files
 * alone). A file changed since lug last wrote it stops the restore (exit 3)
 * unless `--force`.
 */
import { parseArgs } from 'node:util';
import { escapeForTerminal, type CheckpointInfo, type Session } from '@lug/core';
import { parseCliArgs } from './args.js';
import { composeLug, openStoredSession, type Lug, type StartupOptions } from './compose.js';
import type { Writers } from './headless-printer.js';

export const REWIND_USAGE = `usage: lug rewind --list | lug rewind N [--files-only] [--force]
  lug rewind --list             this project's checkpoints, oldest first: id, session, prompt number, files changed
  lug rewind N                  the files back to before checkpoint N's turn, and its conversation to before that prompt
  lug rewind N --files-only     only the files; the conversation stays as it is
  lug rewind N --force          overwrite files changed since lug last wrote them (else they stop the restore)
Exit status: 0 done, 1 an error (no git, no such checkpoint, a conversation that cannot rewind), 2 bad usage,
3 files changed since lug last wrote them (listed; nothing restored; --force overwrites them).`;

export const REWIND_EXIT = { done: 0, error: 1, usage: 2, conflicts: 3 } as const;

function listLines(list: CheckpointInfo[]): string {
  if (!list.length) return 'no checkpoints in this project yet\n';
  const safe = escapeForTerminal;
  return list
    .map((cp) => {
      const added = cp.files.reduce((n, f) => n + f.added, 0);
      const removed = cp.files.reduce((n, f) => n + f.removed, 0);
      const head = `${cp.id}\t${cp.created}\tsession ${safe(cp.sessionId)} prompt ${cp.turn}\t${cp.ended ? `${cp.files.length} files +${added} -${removed}` : 'not ended'}\t${safe(cp.prompt.replace(/\s+/g, ' ').slice(0, 80))}`;
      const files = cp.files.map((f) => `\t${f.status[0]!.toUpperCase()} ${safe(f.path)} +${f.added} -${f.removed}`);
      const shared = (cp.shared ?? []).map((path) => `\tS ${safe(path)} (another lug's turn ran then and may have changed it: a rewind leaves it alone)`);
      return [head, ...files, ...shared].join('\n') + '\n';
    })
    .join('');
}

export async function runRewindCommand(argv: string[], cwd: string, env: NodeJS.ProcessEnv, out: Writers, startup: StartupOptions = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { list: { type: 'boolean' }, 'files-only': { type: 'boolean' }, force: { type: 'boolean' } } });
  } catch (err) {
    out.stderr(`lug rewind: ${escapeForTerminal((err as Error).message.replace(/\. To specify a positional argument.*$/s, ''))}\n${REWIND_USAGE}\n`);
    return REWIND_EXIT.usage;
  }
  const { values, positionals } = parsed;
  const bad = values.list ? (positionals.length || values['files-only'] || values.force ? '--list takes nothing else' : undefined) : positionals.length !== 1 ? 'give one checkpoint id (lug rewind --list shows them)' : undefined;
  if (bad) {
    out.stderr(`lug rewind: ${bad}\n${REWIND_USAGE}\n`);
    return REWIND_EXIT.usage;
  }
  const lug = await composeLug({ ...startup, cwd, env, args: parseCliArgs([]), interactive: false });
  for (const e of lug.startupErrors) out.stderr(`lug: ${escapeForTerminal(e)}\n`);
  try {
    const list = await lug.checkpoints.list();
    if (values.list) {
      out.stdout(listLines(list));
      return REWIND_EXIT.done;
    }
    const id = positionals[0]!;
    const cp = list.find((c) => c.id === id);
    if (!cp) {
      out.stderr(`lug rewind: there is no checkpoint "${escapeForTerminal(id)}" in this project (lug rewind --list shows them)\n`);
      return REWIND_EXIT.error;
    }
    // The conversation is checked before any file is written: all or nothing.
    const conversation = values['files-only'] ? undefined : conversationOf(lug, cp);
    if (typeof conversation === 'string') {
      out.stderr(`lug rewind: ${conversation}; lug rewind ${id} --files-only restores the files alone\n`);
      return REWIND_EXIT.error;
    }
    const result = await lug.checkpoints.restore(id, { force: !!values.force });
    if (!result.applied && result.conflicts.length) {
      out.stderr(`lug rewind: nothing restored: ${result.conflicts.length} file(s) changed since lug last wrote them (lug rewind ${id} --force overwrites them):\n${result.conflicts.map((f) => `  ${escapeForTerminal(f)}\n`).join('')}`);
      return REWIND_EXIT.conflicts;
    }
    out.stdout(result.files.length ? `restored ${result.files.length} file(s) to before prompt ${cp.turn} of session ${cp.sessionId}:\n${result.files.map((f) => `  ${escapeForTerminal(f)}\n`).join('')}` : `the files are already as they were before prompt ${cp.turn}\n`);
    if (result.savedAs) out.stdout(`the files as they were are kept as ${result.savedAs} (docs/checkpoints.md says how to get them back)\n`);
    if (result.unsafe?.length) out.stderr(`lug rewind: not restored: ${result.unsafe.length} file(s) with a symbolic link or something else in the way (never followed; see what is there, then lug rewind ${id} again):\n${result.unsafe.map((f) => `  ${escapeForTerminal(f)}\n`).join('')}`);
    if (result.leftAlone?.length) out.stderr(`lug rewind: left alone ${result.leftAlone.length} file(s) another lug may have changed during these turns (put them back by hand if they are yours):\n${result.leftAlone.map((f) => `  ${escapeForTerminal(f)}\n`).join('')}`);
    if (conversation) {
      const { branch } = conversation.session.rewind(cp.turn);
      out.stdout(`the conversation of session ${cp.sessionId} is back to before prompt ${cp.turn} (what came after is branch #${branch}: lug --resume ${cp.sessionId} continues it)\n`);
    }
    return REWIND_EXIT.done;
  } catch (err) {
    out.stderr(`lug rewind: ${escapeForTerminal((err as Error).message)}\n`);
    return REWIND_EXIT.error;
  } finally {
    await lug.checkpoints.flush();
    await lug.mcp.close();
  }
}

/** The checkpoint's session, opened to rewind, or why it cannot be. */
function conversationOf(lug: Lug, cp: CheckpointInfo): { session: Session } | string {
  if (!cp.sessionId || !lug.store.list().some((s) => s.id === cp.sessionId)) return `the conversation of checkpoint ${cp.id} (session ${cp.sessionId || 'unknown'}) is not stored`;
  const { session } = openStoredSession(lug.host, lug.store, cp.sessionId);
  const prompts = session.rewindPoints().length;
  if (prompts < cp.turn) return `the conversation of session ${cp.sessionId} has ${prompts} prompt(s) now, not prompt ${cp.turn} (it was rewound since)`;
  return { session };
}
