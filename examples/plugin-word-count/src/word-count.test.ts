/** The plugin's own tests, with @lug/testing's tool kit: the tool runs as lug's scheduler would run it. */
import { runTool, tempProject } from '@lug/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin, { countText, wordCountTool } from './index.js';

let project: ReturnType<typeof tempProject> | undefined;
afterEach(() => {
  project?.remove();
  project = undefined;
});

describe('the word_count tool', () => {
  it('counts lines, words and characters of a file', async () => {
    project = tempProject({ 'notes/todo.txt': 'buy milk\nfix the bike\n' });
    const result = await runTool(wordCountTool, { path: 'notes/todo.txt' }, { cwd: project.dir });
    expect(result).toEqual({ content: 'notes/todo.txt: 2 lines, 5 words, 22 characters', isError: false, progress: [] });
  });

  it('counts characters, not bytes, and a last line without a newline', () => {
    expect(countText('héllo wörld')).toEqual({ lines: 1, words: 2, characters: 11 });
    expect(countText('')).toEqual({ lines: 0, words: 0, characters: 0 });
    expect(countText('\n\n')).toEqual({ lines: 2, words: 0, characters: 2 });
  });

  it('says what is wrong with a path that is not a text file', async () => {
    project = tempProject({ 'src/': '', 'blob.bin': 'a\u0000b' });
    const dir = await runTool(wordCountTool, { path: 'src' }, { cwd: project.dir });
    expect(dir).toMatchObject({ isError: true, content: expect.stringMatching(/^src is a directory, not a file/) });
    const missing = await runTool(wordCountTool, { path: 'nope.txt' }, { cwd: project.dir });
    expect(missing).toMatchObject({ isError: true, content: expect.stringContaining('nope.txt') });
    const binary = await runTool(wordCountTool, { path: 'blob.bin' }, { cwd: project.dir });
    expect(binary).toMatchObject({ isError: true, content: expect.stringMatching(/binary/) });
  });

  it('refuses bad arguments before its handler runs, as the scheduler does', async () => {
    const result = await runTool(wordCountTool, { path: 3 });
    expect(result).toEqual({ content: 'invalid arguments for word_count: path must be a string, got 3', isError: true, progress: [] });
    const extra = await runTool(wordCountTool, '{"path": "a", "lines": true}');
    expect(extra.isError).toBe(true);
  });
});

describe('the plugin', () => {
  it('exports one tool that asks nothing, under its package name', () => {
    expect(plugin).toMatchObject({ name: 'lug-plugin-word-count', tools: [wordCountTool] });
    expect(wordCountTool.ask).toBe(false);
  });
});
