/**
 * What the first answer needs, made ready while the user types the first
 * prompt (issue 15: a first turn like every other): the Markdown renderer
 * (marked, marked-terminal and its highlighter, loaded on first use) with one
 * small render at the terminal's width, which also runs marked's first parse;
 * a code block in each language the answer is likely to use, one at a time
 * so that keys typed meanwhile are not held (code-languages.ts: highlight.js
 * compiles a grammar at its first block); then a prompt and an answer drawn off screen
 * through ink, SAMPLE_DRAWS times (`renderToString`: React, the layout and ink's output of styled
 * text, which the first answer would otherwise run cold), and SAMPLE_STREAMS
 * times growing a block at a time under a status line, as a turn draws them
 * (streamed-sample.ts: React's updates); and whatever the
 * caller adds (`also`: the CLI loads the provider's SDK, makes one request
 * through the HTTP client and runs one turn through core on a throwaway
 * host); all of it that is left stops once a turn runs
 * (`busy`). Started by the first change of the input, not
 * after the first frame: a lug left idle keeps its small memory, and typing a
 * prompt takes longer than the ~100 ms this costs. The prompt history is
 * read then too (the first prompt's `add` read it in the first turn).
 * Failures are left to the first answer, which loads the same things and
 * says what went wrong.
 *
 * With the history read and the sample also drawn as it grows
 * (streamed-sample.ts), a typed first turn came 2.9 ms sooner (21.0 against
 * 23.9 ms, medians of 12 fresh sessions each, alternated, the prompt typed
 * 2 s after the first screen and sent a second later; 0.8-4.3 ms sooner in
 * five such runs). Its ratio to the later turns (1.26-1.49×) moves less than
 * that ratio's own spread from run to run.
 */
import { createElement } from 'react';
import { renderToString, Text } from 'ink';
import { afterRequestGoesOut } from './after-request.js';
import type { MarkdownRenderer } from './markdown.js';
import { MarkdownStream } from './markdown-stream.js';
import { drawStreamedSample } from './streamed-sample.js';
import { TranscriptItemView } from './transcript-item.js';
import type { TranscriptItem } from './transcript-items.js';

/**
 * A code block of a language, as an answer holds one: two lines of keywords,
 * calls, a property, numbers, a comment and strings in both quotes (which
 * highlight.js writes as `&quot;` and `&#x27;`: paths of parse5's tokenizer
 * in cli-highlight), the last ending in plain text (a path of ink's ANSI
 * tokenizer). What the warm-up leaves untaken, the first answer takes, and
 * V8 throws away the code it optimized meanwhile (a deoptimization:
 * `node --log-deopt` showed two in every first turn, none in later ones,
 * with the former one-line sample). Legal JavaScript, TypeScript, Python,
 * shell, Rust and Go alike: highlight.js colours nothing in a block it finds
 * illegal (a `#` comment in JavaScript).
 */
export const codeBlock = (language: string) =>
  `\`\`\`${language}\nconst x = f(1, "three", 'four'); // five\nif (x > 2) { print(x.y) }\n\`\`\`\n`;

/**
 * What answers hold most: a heading, emphasis, code spans, a link, lists, a
 * quote, a code block, a table and a closing line.
 */
const SAMPLE = [
  '## A heading',
  'Some **bold**, *emphasis* and `code`, a [link](https://example.com).',
  '- a list\n- of two',
  '1. numbered\n2. items',
  '> a quote',
  codeBlock('js').trimEnd(),
  '| a | b |\n|---|---|\n| 1 | 2 |',
  'The end, in **bold**.',
].join('\n\n') + '\n';

export interface WarmWhileTypingOptions {
  /** The input box: its first change starts the warm-up, which first has it read its history (InputStore.prepareHistory). */
  input: { subscribe(fn: () => void): () => void; isEmpty(): boolean; prepareHistory?(): void };
  markdown: MarkdownRenderer;
  /** The transcript's width now (the renderer keeps one instance a width). */
  width(): number;
  /** The languages whose highlighting gets ready (codeLanguagesOf the project), asked when the warm-up starts; none by default. */
  languages?(): readonly string[];
  /**
   * The caller's own warm-up, started as the first step (while the user
   * types) or after the renderer's load (in a running turn), and going on
   * beside the others in steps of its own (the CLI loads the provider's SDK
   * and rehearses a request and a turn), given `busy` to skip what a running
   * turn does itself.
   */
  also?(busy: () => boolean): void;
  /**
   * True once a turn runs. What is left of the off-screen work is then
   * dropped: the turn runs that code itself, and warming beside it only
   * slows it (a prompt typed and sent in one go, as `tmux send-keys 'hi'
   * Enter` does, had its first turn share the main thread with 30 drawings).
   */
  busy?(): boolean;
  /**
   * Subscribes to the start of an answer (the host's `response_start`);
   * returns the function that unsubscribes. A prompt sent with the keys that
   * typed it (a paste, `tmux send-keys 'hi' Enter`: one read) leaves no time
   * before its turn: the warm-up then runs once the turn's request has gone
   * out, in the time the model takes to answer, and stops when the answer
   * begins. Without it, such a prompt gets no warm-up.
   */
  onAnswer?(fn: () => void): () => void;
}

/**
 * Warm once, from the input's first change; returns the function that stops waiting for it.
 *
 * The keys of one read are handled in one turn of the event loop, so the warm-up starts in the next: a prompt
 * sent with its Enter in that read has started its turn by then, and its request goes out before anything here
 * runs (the warm-up, ~50 ms of main thread before the request, had the first request reach the server ~75 ms
 * after Enter against ~9 ms in later turns). Such a turn gets the warm-up once its request has gone out
 * (after-request.ts), until its answer begins (`onAnswer`): the renderer first, then the caller's warm-up (whose
 * `busy` is true: it skips what the turn does itself) and the drawings.
 */
export function warmWhileTyping(opts: WarmWhileTypingOptions): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  const busy = opts.busy ?? (() => false);
  /**
   * The renderer and the drawings until `done()`, and the caller's warm-up: first while the user types (the
   * connection it opens ahead is the first request's), once the renderer is loaded in a running turn (the
   * answer needs the renderer sooner, and the turn makes its own request).
   */
  const warmUntil = (done: () => boolean, callerFirst: boolean) => {
    const also = () => opts.also?.(busy);
    const renderer = () => opts.markdown.load();
    const draw = () => drawOffScreen(opts.markdown, opts.width(), opts.languages?.() ?? [], done);
    stagesInTurns(callerFirst ? [also, renderer, draw] : [renderer, also, draw], done);
  };
  const warm = () => {
    if (opts.input.isEmpty()) return;
    stop?.();
    stop = undefined;
    opts.input.prepareHistory?.();
    let answered = false;
    const stopListening = opts.onAnswer?.(() => {
      answered = true;
      stopListening?.();
    });
    setImmediate(() => {
      if (stopped) return stopListening?.();
      if (!busy()) {
        stopListening?.();
        return warmUntil(() => busy() || stopped, true);
      }
      if (stopListening) afterRequestGoesOut(() => warmUntil(() => answered || stopped, false));
    });
  };
  stop = opts.input.subscribe(warm);
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * Runs `stages` in order until `done()`: the first at once, each next one in a
 * turn of the event loop of its own once the promise the one before returned
 * has settled; a stage that fails ends them (what it left, the first answer
 * does, and says what went wrong). So the synchronous work of one stage (a
 * bundle loaded, a first render) never runs in the same turn as the next
 * one's, and the keys typed meanwhile are read in between: an Enter among them
 * starts its turn, and `done()` stops what is left. Run back to back as
 * promise callbacks, the loads and the first drawing held the event loop for
 * ~90 ms from the first key: a prompt and its Enter written 10 ms apart (two
 * `tmux send-keys`) had the Enter read 85–100 ms after the prompt, and the
 * first turn took 120–126 ms against 85 ms for a prompt written with its Enter
 * (packages/tui/bench, 6–8 sessions each); every key typed in that time waited
 * as long to be echoed.
 */
export function stagesInTurns(stages: ReadonlyArray<() => unknown>, done: () => boolean): void {
  let next = 0;
  const run = () => {
    const stage = stages[next++];
    if (!stage || done()) return;
    Promise.resolve()
      .then(stage)
      .then(
        () => setImmediate(run).unref(),
        () => undefined,
      );
  };
  run();
}

/**
 * A prompt and the sample as the transcript holds an answer: one item a
 * Markdown block, as the answer's stream cuts it (markdown-stream.ts), so
 * that each block is drawn in a text of its own, as the first answer's are
 * (drawn whole, the code block's lines never ended a text).
 */
export function sampleItems(): TranscriptItem[] {
  const stream = new MarkdownStream();
  const blocks = [...stream.append(SAMPLE), ...stream.flush()];
  return [{ key: -1, kind: 'user', text: 'a prompt' }, ...blocks.map((text, i): TranscriptItem => ({ key: -2 - i, kind: 'markdown', text, gap: true }))];
}

/**
 * How many times the prompt and the answer are drawn off screen. Once ran
 * ink's output of styled text (@alcalzone/ansi-tokenize's per-character
 * loops) through the interpreter only, and the first answer's frames then
 * spent ~5 ms more in it than later turns' frames; drawn 30 times, those
 * loops are compiled by V8's optimizing tier before the first answer:
 * main-thread CPU of the first turn 36.6-38.6 → 32.7-33.4 ms, its wall time
 * 37.5-43.9 → 28.7-30.3 (two runs of three, alternated, checkpoints off so
 * only the interface's own work was measured). Since the answer is drawn a
 * block an item (sampleItems), a draw is nine items and 10 draws do what 30
 * of the whole did: the warm-up's main thread took 700-800 ms with 30 (it
 * then often did not finish in the bench's one second of typing), ~500 with
 * 10, and the first turn was no slower (fresh sessions of the two builds,
 * alternated, 14 each: first turn 35.5 ms and 1.74× the later ones, against
 * 36.4 ms and 1.85× with the former one-item sample). Each item is drawn in
 * its own turn of the event loop (~0.5-1 ms), so keys typed meanwhile are not
 * held.
 */
export const SAMPLE_DRAWS = 10;

/**
 * How many times the sample is then drawn growing a block at a time, with
 * the status line below it (streamed-sample.ts: the update paths the first
 * answer's frames take, which the draws above, each a new tree, do not),
 * STREAM_ITEMS items a draw: the whole sample grown in one call held the
 * main thread 16-27 ms (CPU profiles of typed first turns), a typed key's
 * echo with it; three items, a third of that.
 */
export const SAMPLE_STREAMS = 3;
const STREAM_ITEMS = 3;

/**
 * A dim line wider than `width`, cut at its end as the status line is once
 * the first answer adds its cost to it (status-line.tsx): ink's first cut
 * (cli-truncate, slice-ansi) makes slice-ansi's Intl.Segmenter, and the
 * first Intl.Segmenter of a process loads ICU's grapheme rules. That took
 * ~3 ms of the first turn (CPU profiles of 8 typed first turns against their
 * later ones, a status line of 100 columns cut once the cost showed), and
 * nothing at the later turns.
 */
export function drawCutLine(width: number): string {
  const line = `a status line, wider than the terminal · ${'x'.repeat(width)}`;
  return renderToString(createElement(Text, { dimColor: true, wrap: 'truncate-end' }, line), { columns: width });
}

/** `items` cut into runs of `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * The sample rendered as Markdown, a line cut to the width, a code block in each language, then a
 * prompt and an answer drawn as the transcript draws them, into a string, and drawn again growing as
 * a turn draws it; each in its own turn of the event loop.
 */
function drawOffScreen(markdown: MarkdownRenderer, width: number, languages: readonly string[], busy: () => boolean): void {
  const items = sampleItems();
  const steps = [
    () => markdown.render(SAMPLE, width),
    () => drawCutLine(width),
    ...languages.map((language) => () => markdown.render(codeBlock(language), width)),
    ...Array.from({ length: SAMPLE_DRAWS }, () => items.map((item) => () => renderToString(createElement(TranscriptItemView, { item, width, markdown }), { columns: width }))).flat(),
    ...Array.from({ length: SAMPLE_STREAMS }, () => chunks(items, STREAM_ITEMS).map((part) => () => drawStreamedSample(part, width, markdown))).flat(),
  ];
  const drawn = (step: () => unknown) => () => {
    try {
      step();
    } catch {
      // The first answer draws the same, and shows what fails.
    }
  };
  stagesInTurns(steps.map(drawn), busy);
}
