/**
 * `:fork` and `:rewind`: going on in a new session from here, and taking the
 * conversation back to before one of its prompts (the rest is kept in the
 * session file as a branch that `:resume` lists). With the project's file
 * checkpoints, `:rewind` lists what each turn changed and `:rewind N` puts the
 * files back too (`:rewind N files` only them, `:rewind N conversation` only
 * the conversation).
 */
import type { CheckpointInfo, Command } from '@lug/core';
import { changesLine, checkpointOfTurn, restoreAsking } from './checkpoint-commands.js';
import type { TuiController } from './controller.js';

const PARTS = ['both', 'files', 'conversation'] as const;
type Part = (typeof PARTS)[number];

const SOURCE = 'tui';

/** A prompt on one line of a listing, cut at `max` characters. */
export function promptLine(text: string, max = 70): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || '(no prompt)';
}

export function branchCommands(c: TuiController): Command[] {
  const notice = (text: string, level: 'info' | 'warn' | 'error' = 'info', markdown = false) => c.transcript.notice(text, level, markdown);
  return [
    {
      name: 'fork',
      desc: 'go on in a new session from here, keeping this one as it is',
      source: SOURCE,
      run() {
        if (!c.session.fork) throw new Error('this session cannot fork');
        if (c.session.running) throw new Error('a turn is running: fork once it ends (Esc cancels it)');
        const from = c.session.fork();
        notice(`forked: this is session ${c.session.id}; ${from} is kept as it was (:resume ${from} goes back to it)`);
      },
    },
    {
      name: 'rewind',
      desc: 'list the prompts with the files each changed; ":rewind N [files|conversation]" takes the files and the conversation (or one) back to before prompt N (the rest kept as a branch)',
      source: SOURCE,
      complete: (arg) => (c.session.rewindPoints?.() ?? []).map((p) => String(p.turn)).filter((n) => n.startsWith(arg.trim())),
      async run(arg) {
        if (!c.session.rewindPoints || !c.session.rewind) throw new Error('this session cannot rewind');
        const prompts = c.session.rewindPoints();
        const [which = '', partWord, ...extra] = arg.trim().split(/\s+/).filter(Boolean);
        const list: CheckpointInfo[] = c.opts.checkpoints ? await c.opts.checkpoints.list().catch(() => []) : [];
        if (!which) {
          if (!prompts.length) return notice('no prompt to rewind to yet');
          const lines = prompts.map((p) => {
            const cp = checkpointOfTurn(list, c.session.id, p.turn);
            return `${p.turn}. ${promptLine(p.text)}${cp ? ` — ${changesLine(cp)}` : ''}`;
          });
          const how = c.opts.checkpoints ? '`:rewind N` takes the files and the conversation back to before prompt N (`:rewind N files`, `:rewind N conversation`: only one)' : '`:rewind N` goes back to before prompt N';
          return notice(`The prompts of this conversation (${how}; the rest is kept as a branch :resume lists):\n\n${lines.join('\n')}`, 'info', true);
        }
        const turn = Number(which);
        if (!Number.isInteger(turn) || turn < 1) throw new Error(`"${which}" is not a prompt number: use :rewind to list them, :rewind N to go back to before prompt N`);
        if (partWord !== undefined && !PARTS.includes(partWord as Part)) throw new Error(`"${partWord}" is not what to rewind: say files, conversation or both (default both)`);
        if (extra.length) throw new Error(`:rewind takes a prompt number and what to rewind (files, conversation or both), got "${arg.trim()}"`);
        if (c.session.running) throw new Error('a turn is running: rewind once it ends (Esc cancels it)');
        const part = (partWord as Part | undefined) ?? 'both';
        if (turn > prompts.length) c.session.rewind(turn); // says which prompts there are
        const cp = checkpointOfTurn(list, c.session.id, turn);
        if (part === 'files' && !cp) throw new Error(c.opts.checkpoints ? `no file checkpoint for prompt ${turn} (lug.opt.checkpoints was off, or it is older than lug.opt.checkpoint_max_age)` : 'this lug keeps no file checkpoints');
        if (part !== 'conversation' && cp) {
          const restored = await restoreAsking(c, `:rewind ${turn}`, (opts) => c.opts.checkpoints!.restore(cp.id, opts));
          if (!restored) return notice(`── nothing rewound ──`, 'warn');
          notice(restored.files.length ? `── files back to before prompt ${turn}: ${restored.files.length} restored (${restored.files.slice(0, 8).join(', ')}${restored.files.length > 8 ? ', …' : ''}) ──` : `── the files are already as they were before prompt ${turn} ──`);
        }
        if (part === 'files') return;
        const { prompt, branch } = c.session.rewind(turn);
        c.transcript.replay(c.session.messages, c.session.subagents);
        // The prompt comes back to the input, to send again as it was or changed.
        c.input.setText(prompt.text);
        notice(`── rewound to before prompt ${prompt.turn}; what came after is kept as branch #${branch} (:resume ${c.session.id}#${branch} goes back to it) ──`);
      },
    },
  ];
}
