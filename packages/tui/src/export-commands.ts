/**
 * `:export [--format markdown|json] [FILE]` writes the conversation to a file
 * (default lug-<id>.md, or .json, in the project directory), never over an
 * existing one; `:copy` puts the last answer on the clipboard through the
 * terminal (OSC 52), which works over SSH and in tmux with set-clipboard.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '@lug/core';
import type { TuiController } from './controller.js';
import { conversationJson, conversationMarkdown, lastAnswer, type ExportedSession } from './conversation-export.js';

/** Most terminals drop a longer OSC 52 sequence (xterm's default limit, tmux's too). */
export const MAX_CLIPBOARD_BASE64 = 100_000;

export function parseExportArgs(arg: string): { format: 'markdown' | 'json'; file: string | undefined } {
  const words = arg.trim() ? arg.trim().split(/\s+/) : [];
  let format: 'markdown' | 'json' = 'markdown';
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const value = w === '--format' ? words[++i] : w.startsWith('--format=') ? w.slice('--format='.length) : undefined;
    if (w === '--format' || w.startsWith('--format=')) {
      if (value !== 'markdown' && value !== 'json' && value !== 'md') throw new Error(`--format takes markdown or json, got ${value === undefined ? 'nothing' : `"${value}"`}`);
      format = value === 'json' ? 'json' : 'markdown';
    } else if (w.startsWith('--')) throw new Error(`unknown option ${w}: :export [--format markdown|json] [FILE]`);
    else rest.push(w);
  }
  if (rest.length > 1) throw new Error(`:export takes one file name, got ${rest.length} words (${rest.join(' ')})`);
  return { format, file: rest[0] };
}

/** The OSC 52 sequence that sets the clipboard to `text`. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

function exported(c: TuiController): ExportedSession {
  const s = c.session;
  return { id: s.id, model: s.modelName(), messages: s.messages, usage: s.usage, cost: s.cost };
}

export function exportCommands(c: TuiController, source: string): Command[] {
  return [
    {
      name: 'export',
      desc: 'write the conversation to a file: ":export [--format markdown|json] [FILE]" (default lug-ID.md)',
      source,
      complete: (arg) => ['--format markdown', '--format json'].filter((o) => o.startsWith(arg.trim())),
      run(arg) {
        const { format, file } = parseExportArgs(arg);
        const session = exported(c);
        if (!session.messages.length) throw new Error('there is nothing to export yet: the conversation is empty');
        const name = file ?? `lug-${session.id}.${format === 'json' ? 'json' : 'md'}`;
        const path = resolve(c.host.cwd, name);
        if (existsSync(path)) throw new Error(`${name} exists already; give another file name (:export FILE)`);
        try {
          writeFileSync(path, format === 'json' ? conversationJson(session) : conversationMarkdown(session), { mode: 0o600, flag: 'wx' });
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          throw new Error(`cannot write ${name}: ${code === 'ENOENT' ? 'its directory does not exist' : code === 'EEXIST' ? 'it exists already' : (err as Error).message}`);
        }
        c.transcript.notice(`wrote the conversation (${session.messages.length} messages, ${format === 'json' ? 'JSON' : 'Markdown'}) to ${name}`);
      },
    },
    {
      name: 'copy',
      desc: "put the model's last answer on the clipboard (through the terminal, OSC 52)",
      source,
      run(arg) {
        if (arg.trim()) throw new Error(':copy takes no argument: it copies the last answer');
        const text = lastAnswer(c.session.messages);
        if (text === undefined) throw new Error('there is no answer to copy yet');
        const sequence = osc52(text);
        if (sequence.length > MAX_CLIPBOARD_BASE64) {
          throw new Error(`the last answer is ${Math.round(text.length / 1024)} kB, more than terminals take on the clipboard; write it to a file with :export instead`);
        }
        if (!c.onTerminalWrite) throw new Error('there is no terminal to copy through');
        c.onTerminalWrite(sequence);
        c.transcript.notice(`copied the last answer (${text.length} characters) to the clipboard; a terminal without OSC 52 ignores it (in tmux: set -g set-clipboard on)`);
      },
    },
  ];
}
