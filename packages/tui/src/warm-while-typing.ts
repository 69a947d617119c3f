/**
 * What the first answer needs, made ready while the user types the first
 * prompt (issue 15: a first turn like every other): the Markdown renderer
 * (marked, marked-terminal and its highlighter, loaded on first use) with one
 * small render at the terminal's width, which also runs marked's first parse;
 * a code block in each language the answer is likely to use, one at a time
 * so that keys typed meanwhile are not held (code-languages.ts: highlight.js
 * compiles a grammar at its first block); then a prompt and an answer drawn off screen
 * through ink, SAMPLE_DRAWS times (`renderToString`: React, the layout and ink's output of styled
 * text, which the first answer would otherwise run cold); and whatever the
 * caller adds (`also`: the CLI loads the provider's SDK and makes one request
 * through the HTTP client); all of it that is left stops once a turn runs
 * (`busy`). Started by the first change of the input, not
 * after the first frame: a lug left idle keeps its small memory, and typing a
 * prompt takes longer than the ~100 ms this costs. Failures are left to the
 * first answer, which loads the same things and says what went wrong.
 */
import { createElement } from 'react';
import { renderToString } from 'ink';
import type { MarkdownRenderer } from './markdown.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-items.js';

/** What answers hold most: a heading, emphasis, code spans, a link, lists, a quote, a code block and a table. */
const SAMPLE = [
  '## A heading',
  'Some **bold**, *emphasis* and `code`, a [link](https://example.com).',
  '- a list\n- of two',
  '1. numbered\n2. items',
  '> a quote',
  '```js\nconst x = 1;\n```',
  '| a | b |\n|---|---|\n| 1 | 2 |',
].join('\n\n') + '\n';

export interface WarmWhileTypingOptions {
  input: { subscribe(fn: () => void): () => void; isEmpty(): boolean };
  markdown: MarkdownRenderer;
  /** The transcript's width now (the renderer keeps one instance a width). */
  width(): number;
  /** The languages whose highlighting gets ready (codeLanguagesOf the project), asked when the warm-up starts; none by default. */
  languages?(): readonly string[];
  /**
   * The caller's own warm-up, run at the same moment (the CLI loads the
   * provider's SDK), given `busy` to skip what a running turn does itself.
   */
  also?(busy: () => boolean): void;
  /**
   * True once a turn runs. What is left of the off-screen work is then
   * dropped: the turn runs that code itself, and warming beside it only
   * slows it (a prompt typed and sent in one go, as `tmux send-keys 'hi'
   * Enter` does, had its first turn share the main thread with 30 drawings).
   */
  busy?(): boolean;
}

/** Warm once, at the input's first change; returns the function that stops waiting for it. */
export function warmWhileTyping(opts: WarmWhileTypingOptions): () => void {
  let stop: (() => void) | undefined;
  const warm = () => {
    if (opts.input.isEmpty()) return;
    stop?.();
    stop = undefined;
    const busy = opts.busy ?? (() => false);
    opts.also?.(busy);
    opts.markdown.load().then(
      () => drawOffScreen(opts.markdown, opts.width(), opts.languages?.() ?? [], busy),
      () => undefined,
    );
  };
  stop = opts.input.subscribe(warm);
  return () => stop?.();
}

const SAMPLE_ITEMS: TranscriptItem[] = [
  { key: -2, kind: 'user', text: 'a prompt' },
  { key: -1, kind: 'markdown', text: SAMPLE, gap: true },
];

/**
 * How many times the prompt and the answer are drawn off screen. Once ran
 * ink's output of styled text (@alcalzone/ansi-tokenize's per-character
 * loops) through the interpreter only, and the first answer's frames then
 * spent ~5 ms more in it than later turns' frames; drawn 30 times, those
 * loops are compiled by V8's optimizing tier before the first answer:
 * main-thread CPU of the first turn 36.6-38.6 → 32.7-33.4 ms, its wall time
 * 37.5-43.9 → 28.7-30.3 (two runs of three, alternated, checkpoints off so
 * only the interface's own work was measured). Each draw is its own turn of
 * the event loop (~0.5-1 ms), so keys typed meanwhile are not held.
 */
export const SAMPLE_DRAWS = 30;

/** A code block of a language, as an answer holds one. */
const codeBlock = (language: string) => `\`\`\`${language}\nx = f(1, "two") # three\n\`\`\`\n`;

/**
 * The sample rendered as Markdown, a code block in each language, then a
 * prompt and an answer drawn as the transcript draws them, into a string;
 * each in its own turn of the event loop.
 */
function drawOffScreen(markdown: MarkdownRenderer, width: number, languages: readonly string[], busy: () => boolean): void {
  const steps = [
    () => markdown.render(SAMPLE, width),
    ...languages.map((language) => () => markdown.render(codeBlock(language), width)),
    ...Array.from({ length: SAMPLE_DRAWS }, () => SAMPLE_ITEMS.map((item) => () => renderToString(createElement(TranscriptItemView, { item, width, markdown }), { columns: width }))).flat(),
  ];
  const next = () => {
    const step = steps.shift();
    if (!step || busy()) return;
    try {
      step();
    } catch {
      // The first answer draws the same, and shows what fails.
    }
    setImmediate(next).unref();
  };
  next();
}
