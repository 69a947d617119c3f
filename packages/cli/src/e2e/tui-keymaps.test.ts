/**
 * Keymaps as a Neovim user writes them, in a real terminal (the real `lug` in
 * tmux): init.lua binds "<leader>x" and "gg" in normal mode, and both fire
 * when typed; a key with a mistyped :command is named at start-up.
 */
import { describe, it } from 'vitest';
import { text } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

const INIT = `
lug.opt.input = "vi"
lug.g.mapleader = ","
lug.keymap.set("n", "<leader>x", function() lug.ui.notify("leader x fired") end, { desc = "say leader" })
lug.keymap.set("n", "gg", function() lug.ui.notify("gg fired") end, { desc = "say gg" })
lug.keymap.set("<C-t>", ":atuo")
`;

describe.skipIf(!hasTmux())('keymaps in a real terminal', () => {
  it('fires a <leader>x sequence and a gg binding in normal mode', async () => {
    const box = sandbox(INIT);
    const { screen: s } = await lugs.start([text('Got it.')], box, { width: 100, height: 30 });
    await s.waitFor(/INSERT/);
    await s.waitFor(/runs :atuo, which is not a command/);
    s.send('Escape');
    await s.waitFor(/NORMAL/);
    s.type(',');
    s.type('x');
    await s.waitFor(/leader x fired/);
    s.type('g');
    s.type('g');
    await s.waitFor(/gg fired/);
  });
});
