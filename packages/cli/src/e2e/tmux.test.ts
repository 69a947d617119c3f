/** The terminal tests' driver itself: what a program wrote stays readable after it exits, however soon after starting. */
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, TmuxScreen } from './tmux.js';

let screen: TmuxScreen | undefined;
afterEach(() => {
  screen?.kill();
  screen = undefined;
});

describe.skipIf(!hasTmux())('TmuxScreen', () => {
  it('keeps the screen of a program that exits at once', async () => {
    for (let i = 0; i < 5; i++) {
      const s = (screen = new TmuxScreen());
      // As fast as a usage error of lug's (node starts in ~40 ms); output written before tmux has the pane's
      // terminal ready (a bare `echo`, ~1 ms) can be lost by tmux itself under load, which no driver can read back.
      s.start(['sh', '-c', `sleep 0.1; echo gone-${i}`], { cwd: '/', env: { PATH: process.env.PATH } });
      expect(await s.waitFor(new RegExp(`gone-${i}`), 10_000)).toContain(`gone-${i}`);
      s.kill();
      screen = undefined;
    }
  });
});
