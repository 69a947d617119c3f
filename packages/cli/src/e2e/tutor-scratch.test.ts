/**
 * `lug --tutor` leaves nothing behind: its scratch copy of the sample project
 * is removed when the user quits, the real binary in tmux.
 */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LUG_BIN, sandbox } from './run-lug.js';
import { hasTmux, TmuxScreen } from './tmux.js';

let screen: TmuxScreen | undefined;
afterEach(() => {
  screen?.kill();
  screen = undefined;
});

describe.skipIf(!hasTmux())('lug --tutor in a real terminal', () => {
  it('removes its scratch project when the user quits', async () => {
    const box = sandbox();
    const s = (screen = new TmuxScreen());
    s.start([process.execPath, LUG_BIN, '--tutor'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state }, width: 200 });
    const shown = await s.waitFor(/scratch copy of a sample project, (\S+)\./, 15_000);
    // The path, in backticks until Markdown is drawn.
    const dir = /scratch copy of a sample project, `?([^\s`]+?)`?\.(\s|$)/.exec(shown)![1]!;
    expect(existsSync(dir), `${dir} from:\n${shown}`).toBe(true);
    await s.submit(':q');
    const deadline = Date.now() + 15_000;
    while (!s.paneDead() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(s.paneDead()).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });
});
