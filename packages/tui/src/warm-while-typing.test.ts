import { describe, expect, it, vi } from 'vitest';
import { PromptHistory } from './history.js';
import { InputStore } from './input-store.js';
import { createMarkdownRenderer } from './markdown.js';
import { drawCutLine, SAMPLE_DRAWS, SAMPLE_STREAMS, sampleItems, stagesInTurns, warmWhileTyping } from './warm-while-typing.js';

const until = async (test: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

const nextTurn = () => new Promise((r) => setImmediate(r));

/** A Markdown renderer that records every text it renders. */
function recordingRenderer() {
  const markdown = createMarkdownRenderer();
  const rendered: string[] = [];
  const render = markdown.render.bind(markdown);
  markdown.render = (text, width) => {
    rendered.push(text);
    return render(text, width);
  };
  return { markdown, rendered };
}

describe('drawCutLine', () => {
  it('draws a line that overflows the width, so that ink cuts it (the path that loads the segmenter)', () => {
    for (const width of [20, 100]) {
      const line = drawCutLine(width).replace(/\x1b\[[0-9;]*m/g, '');
      expect(line).toHaveLength(width);
      expect(line.endsWith('…')).toBe(true);
    }
  });
});

describe('stagesInTurns', () => {
  it('runs each stage in a turn of the event loop of its own, so what the terminal sent in between is read first', async () => {
    const order: string[] = [];
    const stage = (name: string, work?: () => Promise<void>) => () => {
      order.push(name);
      // What the terminal sends while this stage works: read in the next turn of the loop (a key, an Enter).
      setImmediate(() => order.push(`key after ${name}`));
      return work?.();
    };
    stagesInTurns([stage('provider'), stage('renderer', () => Promise.resolve()), stage('drawings')], () => false);
    await until(() => order.length === 6, 'the three stages');
    expect(order).toEqual(['provider', 'key after provider', 'renderer', 'key after renderer', 'drawings', 'key after drawings']);
  });

  it('stops before the next stage once done, as an Enter read between two stages makes it', async () => {
    let sent = false;
    const ran: string[] = [];
    stagesInTurns(
      [
        () => {
          ran.push('provider');
          setImmediate(() => (sent = true)); // the Enter, read before the next stage
        },
        () => ran.push('renderer'),
      ],
      () => sent,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['provider']);
  });

  it('ends at a stage that fails: the first answer loads the same and says what went wrong', async () => {
    const ran: string[] = [];
    stagesInTurns([() => Promise.reject(new Error('no renderer')), () => ran.push('drawings')], () => false);
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
  });
});

describe('warmWhileTyping', () => {
  it('loads the Markdown renderer when the user starts typing, not before', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const markdown = createMarkdownRenderer();
    warmWhileTyping({ input, markdown, width: () => 80 });
    input.clear(); // a change that leaves the input empty is no typing
    await new Promise((r) => setTimeout(r, 50));
    expect(markdown.ready()).toBe(false);
    input.setText('h');
    await until(() => markdown.ready(), 'the renderer to load');
    expect(markdown.render('**bold**', 80)).not.toBe('**bold**');
  });

  it("draws a code block in each of the project's languages, then a prompt and an answer, off screen: nothing reaches the terminal", async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const { markdown, rendered } = recordingRenderer();
    const writes = vi.spyOn(process.stdout, 'write');
    try {
      warmWhileTyping({ input, markdown, width: () => 60, languages: () => ['rust', 'go'] });
      input.setText('h');
      // The sample, a code block in each language, then a prompt and the sample's blocks, each an item of the
      // transcript as an answer's stream cuts them, through the transcript's view, off screen, SAMPLE_DRAWS times.
      const blocks = sampleItems().flatMap((item) => (item.kind === 'markdown' ? [item.text] : []));
      // Then the sample growing a block at a time, STREAM_ITEMS blocks a draw, SAMPLE_STREAMS times: each block
      // drawn once a time (an update redraws only what changed).
      const draws = SAMPLE_DRAWS + SAMPLE_STREAMS;
      await until(() => rendered.length >= 3 + draws * blocks.length, 'the answer drawn off screen');
      await new Promise((r) => setTimeout(r, 50));
      expect(rendered.slice(0, 3).map((text) => /^```(\w+)/.exec(text)?.[1] ?? 'sample')).toEqual(['sample', 'rust', 'go']);
      expect(rendered.slice(3)).toEqual(Array.from({ length: draws }, () => blocks).flat());
      expect(writes).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
    }
  });

  it('has the input read its prompt history at the first change, once, not before', () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const prepared = vi.spyOn(input, 'prepareHistory');
    warmWhileTyping({ input, markdown: recordingRenderer().markdown, width: () => 80 });
    input.clear();
    expect(prepared).not.toHaveBeenCalled();
    input.setText('h');
    input.setText('hi');
    expect(prepared).toHaveBeenCalledTimes(1);
  });

  it("runs the caller's own warm-up in the next turn of the event loop, once", async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    let calls = 0;
    warmWhileTyping({ input, markdown: createMarkdownRenderer(), width: () => 80, also: () => void calls++ });
    input.clear();
    expect(calls).toBe(0);
    input.setText('h');
    input.setText('hi');
    expect(calls).toBe(0); // the keys of this read may end in Enter: their turn goes first
    await nextTurn();
    expect(calls).toBe(1);
    input.setText('his');
    await nextTurn();
    expect(calls).toBe(1);
  });

  it("reads the keys typed after the first between its steps: the renderer loads in a later turn of the event loop than the caller's warm-up", async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const markdown = createMarkdownRenderer();
    const order: string[] = [];
    const load = markdown.load.bind(markdown);
    markdown.load = () => (order.push('renderer'), load());
    warmWhileTyping({ input, markdown, width: () => 80, also: () => void (order.push('caller'), setImmediate(() => order.push('a key'))) });
    input.setText('h');
    await until(() => order.includes('renderer'), 'the renderer');
    expect(order).toEqual(['caller', 'a key', 'renderer']);
  });

  it('loads no renderer and draws nothing when an Enter read after its first step starts a turn (a prompt and its Enter written 10 ms apart)', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const { markdown, rendered } = recordingRenderer();
    const load = vi.spyOn(markdown, 'load');
    let running = false;
    warmWhileTyping({ input, markdown, width: () => 80, busy: () => running, also: () => void setImmediate(() => (running = true)) });
    input.setText('hi');
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();
    expect(rendered).toEqual([]);
  });

  it('leaves a prompt sent with its first keys (one read: a paste, tmux send-keys) to start its request first, then warms until the answer begins', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const { markdown, rendered } = recordingRenderer();
    let running = false;
    const answer = new Set<() => void>();
    const alsoBusy: boolean[] = [];
    const order: string[] = [];
    warmWhileTyping({
      input,
      markdown,
      width: () => 60,
      languages: () => ['rust', 'go'],
      busy: () => running,
      also: (busy) => void alsoBusy.push(busy()),
      onAnswer: (fn) => (answer.add(fn), () => void answer.delete(fn)),
    });
    const load = vi.spyOn(markdown, 'load');
    input.setText('hi');
    running = true; // its Enter, in the same read
    // The request's own promise callbacks, then its write (after-request.ts: two turns of the loop later).
    void Promise.resolve().then(() => order.push('request'));
    await nextTurn();
    expect(load).not.toHaveBeenCalled();
    expect(alsoBusy).toEqual([]);
    await until(() => rendered.length >= 4, 'the first drawings');
    expect(order).toEqual(['request']);
    expect(load).toHaveBeenCalled();
    expect(alsoBusy).toEqual([true]); // the caller skips what the turn does itself
    expect(answer.size).toBe(1);
    for (const fn of [...answer]) fn(); // the answer begins
    const drawnWhenAnswered = rendered.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(rendered.length).toBeLessThanOrEqual(drawnWhenAnswered + 1);
    expect(rendered.length).toBeLessThan(3 + SAMPLE_DRAWS * sampleItems().length);
    expect(answer.size).toBe(0);
  });

  it('warms nothing for a prompt sent with its first keys when it cannot tell when the answer begins', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const markdown = createMarkdownRenderer();
    let calls = 0;
    warmWhileTyping({ input, markdown, width: () => 80, busy: () => true, also: () => void calls++ });
    input.setText('hi');
    await new Promise((r) => setTimeout(r, 50));
    expect(markdown.ready()).toBe(false);
    expect(calls).toBe(0);
  });

  it('stops listening for the answer once it knows the prompt was typed', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const answer = new Set<() => void>();
    warmWhileTyping({ input, markdown: createMarkdownRenderer(), width: () => 80, onAnswer: (fn) => (answer.add(fn), () => void answer.delete(fn)) });
    input.setText('h');
    expect(answer.size).toBe(1);
    await nextTurn();
    expect(answer.size).toBe(0);
  });

  it('drops what is left to draw once a turn runs, and tells the caller', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const { markdown, rendered } = recordingRenderer();
    let running = false;
    let callersBusy: (() => boolean) | undefined;
    warmWhileTyping({ input, markdown, width: () => 60, languages: () => ['rust', 'go'], busy: () => running, also: (busy) => void (callersBusy = busy) });
    input.setText('h');
    await until(() => rendered.length >= 4, 'the first drawings');
    running = true; // the prompt was sent
    const drawnWhenSent = rendered.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(rendered.length).toBeLessThanOrEqual(drawnWhenSent + 1);
    expect(rendered.length).toBeLessThan(3 + SAMPLE_DRAWS * sampleItems().length);
    expect(callersBusy?.()).toBe(true);
  });

  it('cuts the sample into blocks as an answer is cut: a code block is an item of its own', () => {
    const items = sampleItems();
    expect(items[0]).toMatchObject({ kind: 'user' });
    const texts = items.flatMap((item) => (item.kind === 'markdown' ? [item.text] : []));
    expect(texts.length).toBeGreaterThan(5);
    const code = texts.find((text) => text.startsWith('```js'));
    expect(code?.split('\n').at(-2)).toBe('if (x > 2) { print(x.y) }');
    expect(texts.at(-1)).toBe('The end, in **bold**.');
  });

  it('waits no more once stopped', async () => {
    const input = new InputStore({ history: new PromptHistory(undefined) });
    const markdown = createMarkdownRenderer();
    warmWhileTyping({ input, markdown, width: () => 80 })();
    input.setText('h');
    await new Promise((r) => setTimeout(r, 50));
    expect(markdown.ready()).toBe(false);
  });
});
