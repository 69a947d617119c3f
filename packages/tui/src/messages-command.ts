/** `:messages`: the session's notices again (errors, warnings, Lua's notify and print, lug's own), as Neovim's :messages. */
import type { Command } from '@lug/core';
import type { TuiController } from './controller.js';

const LEVEL_MARK = { info: '', warn: 'warning: ', error: 'error: ' } as const;

function clock(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

export function messagesCommand(c: TuiController, source: string): Command {
  return {
    name: 'messages',
    desc: 'show the notices of this session again (errors, warnings, notify); ":messages clear" forgets them',
    source,
    complete: (arg) => ['clear'].filter((a) => a.startsWith(arg.trim())),
    run(arg) {
      const sub = arg.trim();
      if (sub === 'clear') {
        c.transcript.clearMessages();
        return c.transcript.notice('messages cleared', 'info', false, false);
      }
      if (sub) throw new Error(`unknown argument "${sub}": use :messages to show them, :messages clear to forget them`);
      const kept = c.transcript.messages();
      if (!kept.length) return c.transcript.notice('no messages yet', 'info', false, false);
      const lines = kept.map((m) => `${clock(m.at)} ${LEVEL_MARK[m.level]}${m.text}`);
      c.transcript.notice(`Messages of this session, oldest first:\n${lines.join('\n')}`, 'info', false, false);
    },
  };
}
