/**
 * `:undo` and `:redo`: the files of the last turn that changed any put back
 * as they were before it (again and again, turn by turn), and put forward
 * again; and the files' part of `:rewind N`. The interface is handed the
 * project's checkpoints (@lug/core's `Checkpoints`); before it overwrites a
 * file the user changed since lug last wrote it, it asks.
 */
import type { CheckpointInfo, Checkpoints, Command, RestoreOptions, RestoreResult } from '@lug/core';
import type { TuiController } from './controller.js';

const SOURCE = 'tui';
const SHOWN = 8;

function fileList(files: readonly string[]): string {
  const shown = files.slice(0, SHOWN).join(', ');
  return files.length > SHOWN ? `${shown} and ${files.length - SHOWN} more` : shown;
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** One line for a checkpoint's changes: `2 files +5 -1: a.txt, b.txt`. */
export function changesLine(cp: CheckpointInfo): string {
  if (!cp.ended) return 'files: not known (the turn did not end)';
  if (!cp.files.length) return 'no file changed';
  const added = cp.files.reduce((n, f) => n + f.added, 0);
  const removed = cp.files.reduce((n, f) => n + f.removed, 0);
  return `${plural(cp.files.length, 'file')} +${added} -${removed}: ${fileList(cp.files.map((f) => f.path))}`;
}

export function checkpointsOf(c: TuiController): Checkpoints {
  const checkpoints = c.opts.checkpoints;
  if (!checkpoints) throw new Error('this lug keeps no file checkpoints, so there is nothing to undo');
  return checkpoints;
}

/**
 * Restore with `attempt`; when files the user changed are in the way, show
 * them and ask before overwriting. Undefined: the user said no.
 */
export async function restoreAsking<R extends RestoreResult>(c: TuiController, what: string, attempt: (opts: RestoreOptions) => Promise<R | undefined>): Promise<R | undefined> {
  const first = await attempt({});
  if (!first || first.applied || !first.conflicts.length) return saidLeftAlone(c, first);
  const yes = await c.host.ui.confirm(`${plural(first.conflicts.length, 'file')} changed since lug last wrote ${first.conflicts.length === 1 ? 'it' : 'them'}: ${fileList(first.conflicts)}. ${what} overwrites ${first.conflicts.length === 1 ? 'it' : 'them'}: go on?`);
  if (!yes) {
    c.transcript.notice(`nothing restored: ${fileList(first.conflicts)} kept as you left ${first.conflicts.length === 1 ? 'it' : 'them'}`, 'warn');
    return undefined;
  }
  return saidLeftAlone(c, await attempt({ force: true }));
}

/** A restore that left files alone (another lug may have changed them during those turns) or could not write them safely says which. */
function saidLeftAlone<R extends RestoreResult>(c: TuiController, result: R | undefined): R | undefined {
  const unsafe = result?.unsafe ?? [];
  if (unsafe.length) c.transcript.notice(`not restored: ${fileList(unsafe)} (a symbolic link or something else is in the way, never followed: see what is there)`, 'warn');
  const left = result?.leftAlone ?? [];
  if (left.length) c.transcript.notice(`left alone: ${fileList(left)} (another lug may have changed ${left.length === 1 ? 'it' : 'them'} during those turns; put ${left.length === 1 ? 'it' : 'them'} back by hand if ${left.length === 1 ? 'it is' : 'they are'} yours)`, 'warn');
  return result;
}

function refuseWhileRunning(c: TuiController, what: string): void {
  if (c.session.running) throw new Error(`a turn is running: ${what} once it ends (Esc cancels it)`);
}

/**
 * One step of :undo or :redo, asking before overwriting the user's changes.
 * Undefined result and `nothing`: there was no step to take; undefined alone: the user said no.
 */
async function step<R extends RestoreResult>(c: TuiController, name: string, take: (checkpoints: Checkpoints, opts: RestoreOptions) => Promise<R | undefined>): Promise<{ nothing: boolean; done?: R }> {
  refuseWhileRunning(c, name);
  const checkpoints = checkpointsOf(c);
  let nothing = false;
  const done = await restoreAsking(c, `:${name}`, async (opts) => {
    const r = await take(checkpoints, opts);
    nothing = r === undefined;
    return r;
  });
  return { nothing, done };
}

export function checkpointCommands(c: TuiController): Command[] {
  const notice = (text: string, level: 'info' | 'warn' = 'info') => c.transcript.notice(text, level);
  return [
    {
      name: 'undo',
      desc: "put the files of the last turn that changed any back as they were before it (again: the turn before); :redo puts them forward",
      source: SOURCE,
      async run() {
        const { nothing, done } = await step(c, 'undo', (cps, opts) => cps.undo(opts));
        if (nothing) return notice('nothing to undo: no turn of this session changed a file (or every one is undone)');
        if (!done) return;
        const what = `prompt ${done.checkpoint.turn}`;
        if (!done.files.length) return notice(`the files are already as they were before ${what}`);
        notice(`── undid ${what}: ${plural(done.files.length, 'file')} restored (${fileList(done.files)}); :redo puts them back ──`);
      },
    },
    {
      name: 'redo',
      desc: 'put back the files the last :undo took away',
      source: SOURCE,
      async run() {
        const { nothing, done } = await step(c, 'redo', (cps, opts) => cps.redo(opts));
        if (nothing) return notice('nothing to redo: no :undo since the last turn');
        if (done) notice(`── redone: ${plural(done.files.length, 'file')} put back (${fileList(done.files)}) ──`);
      },
    },
  ];
}

/** The checkpoint of this conversation's `turn`-th prompt (the newest, if the turn was taken again after a rewind). */
export function checkpointOfTurn(list: readonly CheckpointInfo[], sessionId: string, turn: number): CheckpointInfo | undefined {
  return list.filter((cp) => cp.sessionId === sessionId && cp.turn === turn).at(-1);
}
