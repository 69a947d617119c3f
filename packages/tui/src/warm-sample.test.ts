/**
 * The warm-up's code block (warm-while-typing.ts) is coloured by highlight.js
 * in the languages answers hold most: a block it finds illegal comes out
 * plain, and the paths the warm-up is there to take stay untaken. In a file
 * of its own: chalk reads FORCE_COLOR once, when marked-terminal loads it.
 */
import { expect, it } from 'vitest';

process.env.FORCE_COLOR = '1';

it('is coloured in JavaScript, TypeScript, Python, shell, Rust and Go, and ends its last line in plain text', async () => {
  const { createMarkdownRenderer } = await import('./markdown.js');
  const { codeBlock } = await import('./warm-while-typing.js');
  const markdown = createMarkdownRenderer();
  await markdown.load();
  for (const language of ['js', 'ts', 'javascript', 'typescript', 'python', 'bash', 'rust', 'go']) {
    const out = markdown.render(codeBlock(language), 80);
    expect(out, language).toMatch(/\x1b\[\d+m/);
    expect(out.split('\n').at(-1), language).toMatch(/[^m]$/);
  }
});
