import { describe, expect, it } from 'vitest';
import { editorOf } from './editor.js';
import { ProjectFiles } from './project-files.js';

describe('ProjectFiles (the `@` completion’s files)', () => {
  it('offers no name with a control character: an escape sequence would reach the terminal, a newline break the menu', async () => {
    const names = ['src/ok.ts', 'src/evil\x1b]0;pwned\x07.ts', 'src/a\nREADME.md', 'src/rlo\u202etxt.ts', 'src/tab\there.ts'];
    let listed = 0;
    const files = new ProjectFiles({ listFiles: async () => names, onListed: () => listed++ });
    expect(files.completions(editorOf('@src/'))).toBeUndefined(); // the list is being made
    await files.ready();
    expect(listed).toBe(1);
    expect(files.completions(editorOf('@src/'))?.items.map((i) => i.label)).toEqual(['src/ok.ts']);
  });
});
