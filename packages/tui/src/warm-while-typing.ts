/**
 * What the first answer needs, made ready while the user types the first
 * prompt (issue 15: a first turn like every other): the Markdown renderer
 * (marked, marked-terminal and its highlighter, loaded on first use) with one
 * small render at the terminal's width, which also runs marked's first parse
 * and highlights a code block, and whatever the caller adds (`also`: the CLI
 * loads the provider's SDK, and with it the HTTP client). Started by the
 * first change of the input, not after the first frame: a lug left idle keeps
 * its small memory, and typing a prompt takes longer than the ~100 ms this
 * costs. Failures are left to the first answer, which loads the same things
 * and says what went wrong.
 */
import type { MarkdownRenderer } from './markdown.js';

const SAMPLE = 'Some **bold** and `code`, a [link](https://example.com).\n\n- a list\n\n```js\nconst x = 1;\n```\n';

export interface WarmWhileTypingOptions {
  input: { subscribe(fn: () => void): () => void; isEmpty(): boolean };
  markdown: MarkdownRenderer;
  /** The transcript's width now (the renderer keeps one instance a width). */
  width(): number;
  /** The caller's own warm-up, run at the same moment (the CLI loads the provider's SDK). */
  also?(): void;
}

/** Warm once, at the input's first change; returns the function that stops waiting for it. */
export function warmWhileTyping(opts: WarmWhileTypingOptions): () => void {
  let stop: (() => void) | undefined;
  const warm = () => {
    if (opts.input.isEmpty()) return;
    stop?.();
    stop = undefined;
    opts.also?.();
    opts.markdown.load().then(
      () => void opts.markdown.render(SAMPLE, opts.width()),
      () => undefined,
    );
  };
  stop = opts.input.subscribe(warm);
  return () => stop?.();
}
