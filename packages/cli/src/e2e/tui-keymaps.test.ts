/**
 * Keymaps as a Neovim user writes them, in a real terminal (the real `lug` in
 * tmux): init.lua binds "<leader>x" and "gg" in normal mode, and both fire
 * when typed; a key with a mistyped :command is named at start-up.
 */
import { afterEach, describe, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { LUG_BIN, lugEnv, sandbox } from './run-lug.js';
import { hasTmux, TmuxScreen } from './tmux.js';

let server: ScriptedServer | undefined;
let screen: TmuxScreen | undefined;
afterEach(async () => {
  screen?.kill();
  await server?.close();
  screen = server = undefined;
});

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
    server = await startScriptedServer([text('Got it.')]);
    screen = new TmuxScreen();
    const s = screen;
    s.start([process.execPath, LUG_BIN], { cwd: box.project, env: lugEnv(server, 'anthropic', box), width: 100, height: 30 });
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
