/** :source and :reload in the interface: they ask the Lua runner to run files again and say what happened. */
import { afterEach, describe, expect, it } from 'vitest';
import type { LuaRunner, LuaSourceResult } from './contracts.js';
import { KEY } from './test-support/ink.js';
import { cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';

afterEach(() => cleanupApps());

/** The screen as one line: a long notice wraps. */
const flat = (frame: string) => frame.replace(/\s*\n\s*/g, ' ');

/** A runner answering as the Lua bridge does: each file's result, a failure also notified by the bridge. */
function runner(results: Record<string, LuaSourceResult>, asked: Array<string | undefined>, notify: (message: string) => void): LuaRunner {
  const answer = (file: string) => {
    const r = results[file]!;
    if (!r.ok) notify(`${file} failed to load: ${file}:2: boom`);
    return r;
  };
  return {
    run: async () => ({ values: [], text: '' }),
    source: async (file) => {
      asked.push(file);
      return answer(file ?? '/cfg/init.lua');
    },
    reload: async () => ['/cfg/init.lua', '/cfg/plugins/p/init.lua'].map(answer),
  };
}

describe(':source and :reload', () => {
  it(':source runs init.lua again and says how many registrations it replaced and which options went back to their defaults', async () => {
    const asked: Array<string | undefined> = [];
    const results = { '/cfg/init.lua': { file: '/cfg/init.lua', ok: true, removed: 3, optionsReset: ['max_turns'] } };
    let notify = (_m: string) => undefined as void;
    const t = mountApp({ extra: { lua: runner(results, asked, (m) => notify(m)) } });
    notify = (m) => t.host.ui.notify(m, 'error');
    await t.type(':source', KEY.enter);
    await waitFor(() => flat(t.frame()).includes('sourced /cfg/init.lua (3 earlier registrations replaced; back to their defaults: lug.opt.max_turns)'));
    expect(asked).toEqual([undefined]);
  });

  it(':source FILE passes the file as typed', async () => {
    const asked: Array<string | undefined> = [];
    const results = { 'extra.lua': { file: 'extra.lua', ok: true, removed: 0, optionsReset: [] } };
    const t = mountApp({ extra: { lua: runner(results, asked, () => undefined) } });
    await t.type(':source extra.lua', KEY.enter);
    await waitFor(() => flat(t.frame()).includes('sourced extra.lua (0 earlier registrations replaced)'));
    expect(asked).toEqual(['extra.lua']);
  });

  it(':reload shows the failing file\'s error with its line, says what failed, and lug goes on', async () => {
    const results = {
      '/cfg/init.lua': { file: '/cfg/init.lua', ok: true, removed: 2, optionsReset: [] },
      '/cfg/plugins/p/init.lua': { file: '/cfg/plugins/p/init.lua', ok: false, removed: 1, optionsReset: [] },
    };
    let notify = (_m: string) => undefined as void;
    const t = mountApp({ extra: { lua: runner(results, [], (m) => notify(m)) } });
    notify = (m) => t.host.ui.notify(m, 'error');
    await t.type(':reload', KEY.enter);
    await waitFor(() => flat(t.frame()).includes('1 of 2 files failed to load (see above): /cfg/plugins/p/init.lua'));
    expect(flat(t.frame())).toContain('/cfg/plugins/p/init.lua failed to load: /cfg/plugins/p/init.lua:2: boom');
    await t.type(':source', KEY.enter);
    await waitFor(() => flat(t.frame()).includes('sourced /cfg/init.lua'));
  });

  it('without Lua, both say so clearly', async () => {
    const t = mountApp();
    await t.type(':reload', KEY.enter);
    await waitFor(() => flat(t.frame()).includes('Lua is not loaded in this lug'));
  });
});
