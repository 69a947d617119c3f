/**
 * `:think LEVEL`: how hard the model reasons (`lug.opt.thinking`), from the
 * prompt. The option checks the level; the next turn uses it (a turn keeps
 * the level it started with).
 */
import { THINKING_LEVELS, type Command } from '@lug/core';
import type { TuiController } from './controller.js';

export function thinkCommand(c: TuiController, source: string): Command {
  const levels = THINKING_LEVELS.join(', ');
  return {
    name: 'think',
    desc: `how hard the model reasons: ":think high"; ${levels} (lug.opt.thinking)`,
    source,
    complete: (arg) => THINKING_LEVELS.filter((l) => l.startsWith(arg.trim())),
    run(arg) {
      const level = arg.trim();
      if (!level) return c.transcript.notice(`thinking: ${c.host.options.get<string>('thinking')} (one of ${levels}; :think LEVEL sets it)`);
      if (!(THINKING_LEVELS as readonly string[]).includes(level)) throw new Error(`"${level}" is not a thinking level: use one of ${levels}`);
      c.host.options.set('thinking', level);
      c.transcript.notice(
        level === 'off'
          ? 'thinking off: the model answers without being asked to reason'
          : `thinking: ${level}, from the next prompt (models that cannot reason ignore it)`,
      );
    },
  };
}
