/**
 * `:fork` and `:rewind`: going on in a new session from here, and taking the
 * conversation back to before one of its prompts (the rest is kept in the
 * session file as a branch that `:resume` lists). File changes are not
 * undone here: that is the checkpoints' part, which will offer itself in the
 * same `:rewind` for the same turn.
 */
import type { Command } from '@lug/core';
import type { TuiController } from './controller.js';

const SOURCE = 'tui';

function oneLine(text: string, max = 70): string {
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
      desc: 'list the prompts; ":rewind N" takes the conversation back to before prompt N (the rest kept as a branch)',
      source: SOURCE,
      complete: (arg) => (c.session.rewindPoints?.() ?? []).map((p) => String(p.turn)).filter((n) => n.startsWith(arg.trim())),
      run(arg) {
        if (!c.session.rewindPoints || !c.session.rewind) throw new Error('this session cannot rewind');
        const prompts = c.session.rewindPoints();
        const which = arg.trim();
        if (!which) {
          if (!prompts.length) return notice('no prompt to rewind to yet');
          const lines = prompts.map((p) => `${p.turn}. ${oneLine(p.text)}`);
          return notice(`The prompts of this conversation (\`:rewind N\` goes back to before prompt N; the rest is kept as a branch :resume lists):\n\n${lines.join('\n')}`, 'info', true);
        }
        const turn = Number(which);
        if (!Number.isInteger(turn) || turn < 1) throw new Error(`"${which}" is not a prompt number: use :rewind to list them, :rewind N to go back to before prompt N`);
        if (c.session.running) throw new Error('a turn is running: rewind once it ends (Esc cancels it)');
        const { prompt, branch } = c.session.rewind(turn);
        c.transcript.replay(c.session.messages);
        // The prompt comes back to the input, to send again as it was or changed.
        c.input.setText(prompt.text);
        notice(`── rewound to before prompt ${prompt.turn}; what came after is kept as branch #${branch} (:resume ${c.session.id}#${branch} goes back to it) ──`);
      },
    },
  ];
}
