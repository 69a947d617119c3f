/** lug.keymap.set / lug.keymap.del and lug.g.mapleader: what a Neovim user writes, checked at the call. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code, '@init.lua')).values;
const rows = () => s!.host.keys.list().map((b) => `${b.modes!.join('')} ${b.keys} ${b.desc} ${b.source}`);

describe('lug.keymap.set', () => {
  it('binds a sequence with the leader, backslash by default as in Neovim, in normal mode', async () => {
    s = setup();
    await run('lug.keymap.set("<leader>x", function() end, { desc = "do x" })');
    expect(rows()).toEqual(['n \\x do x lua:init.lua:1']);
  });

  it('reads lug.g.mapleader when the key is bound', async () => {
    s = setup();
    await run('lug.g.mapleader = " "\nlug.keymap.set("n", "<leader>ff", function() end)');
    expect(rows()).toEqual(['n <Space>ff  lua:init.lua:2']);
  });

  it('takes the mode first as Neovim does, or in opts.mode, or a list of modes', async () => {
    s = setup();
    await run('lug.keymap.set("i", "jk", ":auto") lug.keymap.set(nil, "<C-t>", ":auto") lug.keymap.set("gg", ":auto", { mode = { "n", "i" } })');
    expect(rows()).toEqual(['n <C-t> :auto lua:init.lua:1', 'i <C-t> :auto lua:init.lua:1', 'n gg :auto lua:init.lua:1', 'i gg :auto lua:init.lua:1', 'i jk :auto lua:init.lua:1']);
  });

  it('runs Neovim\'s "<cmd>name<CR>" form as the :command', async () => {
    s = setup();
    await run('lug.cmd.register("hello", function(a) said = a end)');
    await run('lug.keymap.set("n", "gh", "<cmd>hello there<CR>")');
    await s.host.keys.get('gh', 'n')!.run();
    expect(await run('return said')).toEqual(['there']);
  });

  it('replaces its own binding of the same keys, and del takes one mode\'s away', async () => {
    s = setup();
    await run('lug.keymap.set({ "n", "i" }, "<C-y>", function() which = 1 end)');
    await run('lug.keymap.set("n", "<C-y>", function() which = 2 end)');
    await s.host.keys.get('<C-y>', 'n')!.run();
    expect(await run('return which')).toEqual([2]);
    await run('lug.keymap.del("n", "<C-y>")');
    expect(s.host.keys.get('<C-y>', 'n')).toBeUndefined();
    expect(s.host.keys.get('<C-y>', 'i')).toBeDefined();
  });

  it('gives an overridden interface key back when the Lua binding is deleted', async () => {
    s = setup();
    s.host.keys.set({ keys: '<C-g>', desc: 'tui', source: 'tui', run: () => {} });
    await run('lug.keymap.set("<C-g>", ":auto")');
    expect(s.host.keys.get('<C-g>', 'i')!.source).toBe('lua:init.lua:1');
    await run('lug.keymap.del("<C-g>")');
    expect(s.host.keys.get('<C-g>', 'i')!.source).toBe('tui');
  });

  it('once start-up is over, refuses a :command that does not exist, naming the nearest', async () => {
    s = setup();
    await s.runtime.loadStartup();
    s.host.commands.register({ name: 'auto', desc: '', source: 'tui', run: () => {} });
    await expect(run('lug.keymap.set("<C-t>", ":atuo")')).rejects.toThrow(`bad argument #2 to 'lug.keymap.set' (rhs: ":atuo" runs :atuo, which is not a command; did you mean :auto? (:help lists the commands))`);
    expect(s.host.keys.get('<C-t>')).toBeUndefined();
  });

  it('during start-up, binds a :command not there yet and marks it for the interface to check', async () => {
    s = setup({ 'init.lua': 'lug.keymap.set("<C-t>", ":auto")' });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toEqual([]);
    expect(s.host.keys.get('<C-t>')!.command).toBe('auto');
  });

  it('refuses a bad lug.g.mapleader at the call', async () => {
    s = setup();
    await expect(run('lug.g.mapleader = 5\nlug.keymap.set("<leader>x", ":auto")')).rejects.toThrow('lug.g.mapleader must be a key string');
  });

  it('the remover it returns takes every mode away', async () => {
    s = setup();
    await run('remove = lug.keymap.set({ "n", "i" }, "<C-y>", function() end) remove() remove()');
    expect(s.host.keys.list()).toEqual([]);
  });
});
