/**
 * The word_count tool. It reads through @lug/tools' file helpers, so a missing
 * path, a directory, a binary or a non-UTF-8 file get the same messages the
 * built-in read tool gives.
 */
import { defineTool, displayPath, readTextFile, resolvePath } from '@lug/tools';
import { countText } from './count.js';

export interface WordCountArgs {
  path: string;
}

export const wordCountTool = defineTool<WordCountArgs>({
  name: 'word_count',
  description: 'Count the lines, words and characters of a UTF-8 text file, like wc. Words are runs of non-space characters.',
  ask: false,
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Path, relative to the working directory or absolute.' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  // What a call is about: the interface shows the title, and approval rules on paths see the file it reads.
  describe: ({ path }) => ({ title: path, kind: 'read', paths: [{ path, access: 'read' }] }),
  async handler({ path }, ctx) {
    const abs = resolvePath(ctx.cwd, path);
    const shown = displayPath(ctx.cwd, abs);
    const { text } = await readTextFile(abs, shown);
    const { lines, words, characters } = countText(text);
    return `${shown}: ${lines} lines, ${words} words, ${characters} characters`;
  },
});
