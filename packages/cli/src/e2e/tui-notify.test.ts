/**
 * Notifications in a real terminal (issue 14): lug in tmux rings the bell
 * (lug.opt.notify "auto" is the bell in a terminal that shows no desktop
 * notifications) when a turn ends or a dialog opens while the terminal is not
 * focused, and not while it is. Focus comes from the terminal's focus
 * reports, sent here as a terminal sends them (CSI O, CSI I).
 */
import { describe, expect, it } from 'vitest';
import { text, toolCall, turn } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

const FOCUS_OUT = '1b 5b 4f';
const FOCUS_IN = '1b 5b 49';

describe.skipIf(!hasTmux())('notifications in a real terminal', () => {
  it('ring the bell when a turn ends or a dialog opens while the terminal is not focused, and not while it is', async () => {
    const box = sandbox();
    const { server, screen: s } = await lugs.start([text('First answer.'), text('Second answer.'), turn(toolCall('write', { path: 'a.txt', content: 'x\n' })), text('Wrote it.')], box);

    // Focused (a terminal that sends no focus report counts as focused): no bell.
    await s.submit('one');
    await s.waitFor(/First answer\./);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.rang()).toBe(false);

    // Looked away: the turn's end rings.
    s.sendBytes(FOCUS_OUT);
    await s.submit('two');
    await s.waitFor(/Second answer\./);
    await expect.poll(() => s.rang(), { timeout: 5000 }).toBe(true);

    // Back, then away again: a fresh window (the flag stays until seen), and a dialog that opens rings too.
    s.sendBytes(FOCUS_IN);
    s.kill();
    const t = lugs.screen();
    await t.startLug(server, box, { args: ['--continue'] });
    t.sendBytes(FOCUS_OUT);
    await t.submit('make the file');
    // The write asks (policy mode): the turn cannot end before the dialog is answered, so the bell is the dialog's.
    await t.waitFor(/a\.txt/);
    await expect.poll(() => t.rang(), { timeout: 5000 }).toBe(true);
    expect(t.capture()).not.toMatch(/Wrote it\./);
  }, 60_000);
});
