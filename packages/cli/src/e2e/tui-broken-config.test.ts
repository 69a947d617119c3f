/**
 * A configuration that fails to load, in the real interface (tmux): lug starts
 * in policy mode even though init.lua set approval "off" and --auto was given,
 * shows the error, and Shift-Tab and :auto say why they refuse.
 */
import { describe, expect, it } from 'vitest';
import { text } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

describe.skipIf(!hasTmux())('the interface with a broken init.lua', () => {
  it('starts in policy mode, shows the error, and refuses auto mode saying why', async () => {
    const box = sandbox('lug.opt.approval = "off"\nerror("half-written config")\n');
    const { screen } = await lugs.start([text('hi')], box, { args: ['--auto'], env: { CI: 'true' }, width: 160, height: 40 });
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
