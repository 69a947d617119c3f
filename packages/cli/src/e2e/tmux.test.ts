/** The terminal tests' driver itself: what a program wrote stays readable after it exits, however fast it exits. */
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
      s.start(['sh', '-c', `echo gone-${i}`], { cwd: '/', env: { PATH: process.env.PATH } });
      expect(await s.waitFor(new RegExp(`gone-${i}`), 10_000)).toContain(`gone-${i}`);
      s.kill();
      screen = undefined;
    }
  });
});
