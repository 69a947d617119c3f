/** Key bindings through the app's one key handler: sequences, the leader, modes, and the timeout (ink-testing-library). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';
import { KEY } from './test-support/ink.js';

afterEach(() => cleanupApps());

function withBindings(bind: Array<{ keys: string; modes?: Array<'n' | 'i'> }>, opts: { vi?: boolean; timeoutlen?: number } = {}) {
  const t = mountApp();
  if (opts.vi) t.host.options.set('input', 'vi');
  t.host.options.set('timeoutlen', opts.timeoutlen ?? 10_000);
  const fired: string[] = [];
  for (const b of bind) t.host.keys.set({ ...b, desc: b.keys, source: 'test', run: () => void fired.push(b.keys) });
  return { ...t, fired };
}

describe('key sequences', () => {
  it('fires gg and <leader>x in normal mode, typed one key at a time', async () => {
    const t = withBindings([{ keys: 'gg', modes: ['n'] }, { keys: '\\x', modes: ['n'] }], { vi: true });
    await t.type('hello', KEY.esc, 'g', 'g', '\\', 'x');
    expect(t.fired).toEqual(['gg', '\\x']);
    expect(t.controller.input.text).toBe('hello');
  });

  it('fires a sequence typed ahead in one chunk', async () => {
    const t = withBindings([{ keys: 'gg', modes: ['n'] }], { vi: true });
    await t.type(KEY.esc);
    await waitFor(() => t.controller.input.viMode() === 'normal');
    await t.type('gg');
    await waitFor(() => t.fired.length > 0);
    expect(t.fired).toEqual(['gg']);
  });

  it('gives the held keys to the input when the next key shows they are no binding', async () => {
    const t = withBindings([{ keys: 'jk', modes: ['i'] }]);
    await t.type('a', 'j', 'x');
    expect(t.fired).toEqual([]);
    expect(t.controller.input.text).toBe('ajx');
  });

  it('fires an insert-mode sequence without typing its keys', async () => {
    const t = withBindings([{ keys: 'jk', modes: ['i'] }]);
    await t.type('a', 'j', 'k', 'b');
    expect(t.fired).toEqual(['jk']);
    expect(t.controller.input.text).toBe('ab');
  });

  it('after timeoutlen, takes the keys typed so far as they are: a shorter binding, or text', async () => {
    const t = withBindings([{ keys: 'jk', modes: ['i'] }, { keys: 'g', modes: ['i'] }, { keys: 'gh', modes: ['i'] }], { timeoutlen: 30 });
    await t.type('j');
    await waitFor(() => t.controller.input.text === 'j');
    await t.type('g');
    await waitFor(() => t.fired.length === 1);
    expect(t.fired).toEqual(['g']);
  });

  it('leaves normal-mode bindings alone in insert mode, where the keys type', async () => {
    const t = withBindings([{ keys: 'gg', modes: ['n'] }], { vi: true });
    await t.type('gg');
    expect(t.fired).toEqual([]);
    expect(t.controller.input.text).toBe('gg');
  });

  it('leaves the keys of a vi command being typed to vi ("dgg" is not gg)', async () => {
    const t = withBindings([{ keys: 'gg', modes: ['n'] }], { vi: true });
    await t.type('one two', KEY.esc, '2');
    await t.type('g', 'g');
    expect(t.fired).toEqual([]);
  });

  it('a key bound in every mode fires in both', async () => {
    const t = withBindings([{ keys: '<C-y>' }], { vi: true });
    await t.type(KEY.ctrl('y'), KEY.esc, KEY.ctrl('y'));
    expect(t.fired).toEqual(['<C-y>', '<C-y>']);
  });
});
