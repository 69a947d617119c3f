/**
 * The options the TUI reads. The CLI defines them before init.lua runs, so
 * `lug.opt.statusline = function(s) ... end` works from the first line.
 */
import { enumOption, functionOption, integerOption, type OptionDef, type OptionsStore } from '@lug/core';
import { HIGHLIGHTS_OPTION } from './highlights.js';
import { NOTIFY_OPTION } from './notifications.js';

export const STATUSLINE_OPTION = functionOption(
  'statusline',
  'A function that returns the status line to show in place of the stock one. It receives a table with model, approval, auto, tokens_in, tokens_out, tokens_cache_read, tokens_cache_write, cost (US dollars, nil when a price is unknown), running, background, cwd, busy, input_mode and badges (the marks plugins show, such as PLAN). AUTO and the marks are still shown in front.',
);

export const INPUT_OPTION = enumOption(
  'input',
  ['emacs', 'vi'] as const,
  'emacs',
  'How the prompt is edited: "emacs" (the keys of a shell: Ctrl-A, Ctrl-E, Ctrl-W…) or "vi" (insert and normal modes: Esc for normal mode, motions, operators with counts and text objects, u and Ctrl-R, .; the mode is shown in the status line).',
);

/** Neovim's default. */
export const DEFAULT_TIMEOUTLEN = 1000;

export const TIMEOUTLEN_OPTION = integerOption(
  'timeoutlen',
  0,
  10_000,
  DEFAULT_TIMEOUTLEN,
  'How many milliseconds lug waits for the next key of a key sequence (the x of "<leader>x", the second g of "gg") before it takes the keys typed so far as they are, as Neovim\'s timeoutlen.',
);

export const TUI_OPTIONS: OptionDef<any>[] = [STATUSLINE_OPTION, HIGHLIGHTS_OPTION, INPUT_OPTION, NOTIFY_OPTION, TIMEOUTLEN_OPTION];

/** Define the TUI's options in a store, skipping any already defined. */
export function defineTuiOptions(options: OptionsStore): void {
  for (const def of TUI_OPTIONS) if (!options.has(def.name)) options.define(def);
}
