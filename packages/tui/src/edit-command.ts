/** Ctrl-G and `:edit`: write the prompt in `$VISUAL`/`$EDITOR` (external-editor.ts), through the controller, which hands it the terminal. */
import type { Command, KeyBinding } from '@lug/core';
import type { TuiController } from './controller.js';

export function editCommand(c: TuiController, source: string): Command {
  return {
    name: 'edit',
    desc: 'write the prompt in $VISUAL or $EDITOR (also Ctrl-G); what you save becomes the prompt',
    source,
    run(arg) {
      if (arg.trim()) throw new Error(':edit takes no argument: it opens the prompt being written in $VISUAL or $EDITOR');
      c.editPrompt();
    },
  };
}

export function editKey(c: TuiController, source: string): KeyBinding {
  return { keys: '<C-g>', desc: 'write the prompt in $VISUAL or $EDITOR', source, run: () => c.editPrompt() };
}
