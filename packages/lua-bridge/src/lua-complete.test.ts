/** `:lua` completion: globals, and fields of lug's tables and of the user's. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

describe(':lua completion', () => {
  it('completes lug. names at the end of the text, keeping what comes before', () => {
    s = setup();
    expect(s.runtime.complete('print(lug.ke')).toEqual(['print(lug.keymap']);
    expect(s.runtime.complete('lug.keymap.')).toEqual(['lug.keymap.del', 'lug.keymap.set']);
  });

  it('completes globals, the user\'s included, and option names through lug.opt\'s pairs', async () => {
    s = setup();
    await s.runtime.run('my_setting = 1');
    expect(s.runtime.complete('my_s')).toEqual(['my_setting']);
    expect(s.runtime.complete('lug.opt.tool_c')).toEqual(['lug.opt.tool_concurrency']);
  });

  it('completes nothing, without failing, past a value that is not a table', () => {
    s = setup();
    expect(s.runtime.complete('lug.opt.model.x')).toEqual([]);
    expect(s.runtime.complete('1 + ')).toEqual([]);
  });
});
