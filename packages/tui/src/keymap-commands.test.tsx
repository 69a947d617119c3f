/** :map, and the warning about a key whose :command does not exist. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';
import { KEY } from './test-support/ink.js';
import { keyCommandProblems } from './keymap-commands.js';

afterEach(() => cleanupApps());

describe(':map', () => {
  it('lists every binding with its mode, description and where it was bound', async () => {
    const t = mountApp();
    t.host.keys.set({ keys: '\\x', modes: ['n'], desc: 'explain the file', source: 'lua:init.lua:3', run: () => {} });
    await t.type(':map', KEY.enter);
    await waitFor(() => t.frame().includes('explain the file'));
    expect(t.frame()).toMatch(/n  \\x\s+explain the file {2}· init\.lua:3/);
    expect(t.frame()).toMatch(/ni <C-g>\s+write the prompt in \$VISUAL or \$EDITOR {2}· tui/);
  });

  it('keeps only the bindings starting with its argument', async () => {
    const t = mountApp();
    t.host.keys.set({ keys: 'gg', modes: ['n'], desc: 'top', source: 'lua:init.lua:1', run: () => {} });
    await t.type(':map g', KEY.enter);
    await waitFor(() => t.frame().includes('top'));
    expect(t.frame()).not.toContain('<C-g>');
  });
});

describe('keys bound to a :command', () => {
  it('a command that does not exist is named, with the nearest', () => {
    const t = mountApp();
    t.host.keys.set({ keys: '<C-t>', desc: ':atuo', source: 'lua:init.lua:2', command: 'atuo', run: () => {} });
    t.host.keys.set({ keys: '<C-y>', desc: ':auto', source: 'lua:init.lua:3', command: 'auto', run: () => {} });
    expect(keyCommandProblems(t.host)).toEqual(['the key <C-t> (init.lua:2) runs :atuo, which is not a command; did you mean :auto? (:help lists the commands)']);
  });
});
