/** :undo, :redo and the files' part of :rewind in the interface, with the real core, against the Checkpoints it is handed. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Session, type CheckpointInfo, type Checkpoints, type RestoreOptions } from '@lug/core';
import { createHostWithApprovals } from '@lug/approvals';
import { scriptedProvider } from '@lug/testing';
import { defineTuiOptions } from './options.js';
import { KEY, settle } from './test-support/ink.js';
import { mountController } from './test-support/mount-app.js';

const dirs: string[] = [];
afterEach(() => {
  cleanup();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * Checkpoints as a list in memory: each restore answers with the files of the
 * checkpoint, and `conflicts` until forced. The shadow repository behind the
 * real ones is @lug/checkpoints', tested there and through the binary.
 */
function checkpointsInMemory(sessionId: () => string, conflicts: string[] = [], leftAlone: string[] = [], unsafe: string[] = []) {
  const restores: Array<{ what: string; opts: RestoreOptions | undefined }> = [];
  const cp = (turn: number, files: string[]): CheckpointInfo => ({
    id: String(turn),
    sessionId: sessionId(),
    turn,
    prompt: `p${turn}`,
    created: '',
    ended: true,
    files: files.map((p) => ({ path: p, status: 'modified', added: 2, removed: 1, binary: false })),
    skipped: [],
  });
  let undone = 0;
  const answer = (files: string[], opts: RestoreOptions | undefined) =>
    conflicts.length && !opts?.force ? { applied: false, files, conflicts, leftAlone, unsafe } : { applied: !opts?.dryRun, files, conflicts: opts?.force ? conflicts : [], leftAlone, unsafe };
  const checkpoints: Checkpoints = {
    list: async () => [cp(1, ['a.txt']), cp(2, ['b.txt', 'c.txt'])],
    async restore(id, opts) {
      restores.push({ what: `restore ${id}`, opts });
      return answer(id === '1' ? ['a.txt', 'b.txt', 'c.txt'] : ['b.txt', 'c.txt'], opts);
    },
    async undo(opts) {
      restores.push({ what: 'undo', opts });
      if (undone >= 2) return undefined;
      const turn = 2 - undone;
      const r = answer(turn === 2 ? ['b.txt', 'c.txt'] : ['a.txt'], opts);
      if (r.applied) undone++;
      return { ...r, checkpoint: cp(turn, []) };
    },
    async redo(opts) {
      restores.push({ what: 'redo', opts });
      if (!undone) return undefined;
      undone--;
      return { applied: true, files: ['b.txt', 'c.txt'], conflicts: [] };
    },
  };
  return { checkpoints, restores };
}

function mount(conflicts: string[] = [], leftAlone: string[] = [], unsafe: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-undo-'));
  dirs.push(dir);
  const { host, approvals } = createHostWithApprovals({ cwd: dir, env: { HOME: dir, PATH: process.env.PATH }, interactive: true }, { logPath: path.join(dir, 'approvals.log') });
  defineTuiOptions(host.options);
  const provider = scriptedProvider([], { afterScript: async function* () { yield { type: 'text_delta', text: 'ok' }; yield { type: 'stop', reason: 'end_turn' }; } });
  host.providers.register({ name: 'scripted', create: () => provider });
  host.options.set('model', 'scripted/test');
  const session = new Session(host);
  const { checkpoints, restores } = checkpointsInMemory(() => session.id, conflicts, leftAlone, unsafe);
  const { type, frame } = mountController({ host, session, approvals, version: 'test', checkpoints });
  const waitFor = async (check: () => boolean, what: string, ms = 4000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(1);
    }
  };
  return { session, type, frame, waitFor, restores };
}

describe(':undo and :redo', () => {
  it(':undo restores the last turn\'s files and then the turn before, :redo puts them back, and each says what it did', async () => {
    const t = mount();
    await t.type(':undo', KEY.enter);
    await t.waitFor(() => t.frame().includes('undid prompt 2: 2 files restored (b.txt, c.txt)'), 'the first undo');
    await t.type(':undo', KEY.enter);
    await t.waitFor(() => t.frame().includes('undid prompt 1: 1 file restored (a.txt)'), 'the second undo');
    await t.type(':undo', KEY.enter);
    await t.waitFor(() => t.frame().includes('nothing to undo'), 'nothing left');
    await t.type(':redo', KEY.enter);
    await t.waitFor(() => t.frame().includes('redone: 2 files put back'), 'the redo');
  });

  it('shows the files the user changed and overwrites them only when the user agrees', async () => {
    const t = mount(['b.txt']);
    await t.type(':undo', KEY.enter);
    await t.waitFor(() => t.frame().includes('1 file changed since lug last wrote it: b.txt'), 'the conflict');
    await t.type('n');
    await t.waitFor(() => t.frame().includes('nothing restored: b.txt kept as you left it'), 'the refusal');
    expect(t.restores.map((r) => r.opts?.force ?? false)).toEqual([false]);
    await t.type(':undo', KEY.enter);
    await t.waitFor(() => t.frame().includes('b.txt. :undo overwrites it: go on?'), 'the conflict again');
    await t.type('y');
    await t.waitFor(() => t.frame().includes('undid prompt 2'), 'the forced undo');
    expect(t.restores.map((r) => r.opts?.force ?? false)).toEqual([false, false, true]);
  });
});

describe('files another lug may have changed', () => {
  it('are named when :undo leaves them alone, also after the user agreed to overwrite his own, and so are files it could not write safely', async () => {
    const t = mount(['b.txt'], ['x.txt'], ['sub/y.txt']);
    await t.type(':undo', KEY.enter);
    await t.waitFor(() => t.frame().includes('go on?'), 'the conflict');
    await t.type('y');
    await t.waitFor(() => t.frame().includes('undid prompt 2'), 'the forced undo');
    const shown = t.frame().replace(/\s*\n\s*/g, ' ');
    expect(shown).toContain('left alone: x.txt (another lug may have changed it during those turns; put it back by hand if it is yours)');
    expect(shown).toContain('not restored: sub/y.txt (a symbolic link or something else is in the way, never followed: see what is there)');
  });
});

describe(':rewind with file checkpoints', () => {
  async function twoPrompts() {
    const t = mount();
    for (const p of ['first', 'second']) {
      const before = t.session.messages.length;
      await t.type(p, KEY.enter);
      await t.waitFor(() => !t.session.running && t.session.messages.length >= before + 2, `the answer to ${p}`);
    }
    return t;
  }

  it('lists each prompt with the files its turn changed and their lines', async () => {
    const t = await twoPrompts();
    await t.type(':rewind', KEY.enter);
    await t.waitFor(() => t.frame().includes('2. second — 2 files +4 -2: b.txt, c.txt'), 'the list');
    expect(t.frame()).toContain('1. first — 1 file +2 -1: a.txt');
  });

  it(':rewind N files restores the files and keeps the conversation', async () => {
    const t = await twoPrompts();
    await t.type(':rewind 1 files', KEY.enter);
    await t.waitFor(() => t.frame().includes('files back to before prompt 1: 3 restored'), 'the files');
    expect(t.session.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(t.restores.map((r) => r.what)).toEqual(['restore 1']);
  });

  it(':rewind N restores the files and takes the conversation back', async () => {
    const t = await twoPrompts();
    await t.type(':rewind 2', KEY.enter);
    await t.waitFor(() => t.frame().includes('rewound to before prompt 2'), 'the rewind');
    expect(t.frame()).toContain('files back to before prompt 2: 2 restored');
    expect(t.session.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it(':rewind N conversation leaves the files, and a wrong part is refused with what is allowed', async () => {
    const t = await twoPrompts();
    await t.type(':rewind 2 everything', KEY.enter);
    await t.waitFor(() => t.frame().includes('"everything" is not what to rewind: say files, conversation or both'), 'the refusal');
    await t.type(':rewind 2 conversation', KEY.enter);
    await t.waitFor(() => t.frame().includes('rewound to before prompt 2'), 'the rewind');
    expect(t.restores).toEqual([]);
  });
});
