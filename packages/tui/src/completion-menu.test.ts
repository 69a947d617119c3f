import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '@lug/core';
import { PromptHistory } from './history.js';
import { InputStore } from './input-store.js';

describe('the completion menu', () => {
  it('offers no name with a control character: an escape sequence would reach the terminal, a newline break the menu', async () => {
    const names = ['src/ok.ts', 'src/evil\x1b]0;pwned\x07.ts', 'src/a\nREADME.md', 'src/rlo\u202etxt.ts', 'src/tab\there.ts'];
    const store = new InputStore({ history: new PromptHistory(undefined), listFiles: async () => names });
    store.setText('@src/'); // the list is being made
    await store.filesReady();
    store.setText('@src/');
    expect(store.getSnapshot().menu?.items.map((i) => i.label)).toEqual(['src/ok.ts']);
  });

  it('holds a command’s completions (a Lua plugin’s, an MCP server’s) to the same rule', () => {
    const commands = new CommandRegistry();
    commands.register({ name: 'pick', desc: 'pick one', source: 'lua', run: () => undefined, complete: () => ['fine', 'title\x1b]0;x\x07', 'two\nlines'] });
    const store = new InputStore({ history: new PromptHistory(undefined), commands });
    store.setText(':pick ');
    expect(store.getSnapshot().menu?.items.map((i) => i.label)).toEqual(['fine']);
  });
});
