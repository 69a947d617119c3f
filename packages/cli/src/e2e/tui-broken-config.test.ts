/**
 * A configuration that fails to load, in the real interface (tmux): lug starts
 * in policy mode even though init.lua set approval "off" and --auto was given,
 * shows the error, and Shift-Tab and :auto say why they refuse.
 */
import { afterEach, describe, expect, it } from 'vitest';
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

describe.skipIf(!hasTmux())('the interface with a broken init.lua', () => {
  it('starts in policy mode, shows the error, and refuses auto mode saying why', async () => {
    const box = sandbox('lug.opt.approval = "off"\nerror("half-written config")\n');
    server = await startScriptedServer([text('hi')]);
    screen = new TmuxScreen();
    screen.start([process.execPath, LUG_BIN, '--auto'], { cwd: box.project, env: { ...lugEnv(server, 'anthropic', box), CI: 'true' }, width: 160, height: 40 });
    const start = await screen.waitFor(/auto mode is refused/, 30_000);
    expect(start).toMatch(/init\.lua:2: half-written config/);
    expect(start).not.toMatch(/ AUTO /);
    screen.send('BTab');
    await screen.waitFor((s) => s.split('auto mode is refused').length - 1 >= 2, 10_000);
    expect(screen.capture()).not.toMatch(/ AUTO /);
    await screen.submit(':auto');
    await screen.waitFor((s) => s.split('auto mode is refused').length - 1 >= 3, 10_000);
    expect(screen.capture()).not.toMatch(/ AUTO /);
  });
});
