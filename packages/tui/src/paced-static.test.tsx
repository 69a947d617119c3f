import React from 'react';
import { render as inkRender } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from './markdown.js';
import { PacedStatic } from './paced-static.js';
import { FRAME_ROWS } from './static-pieces.js';
import { FakeTtyIn, FakeTtyOut } from './test-support/fake-tty.js';
import { plain, settle } from './test-support/ink.js';
import { Screen } from './test-support/screen.js';
import type { TranscriptItem } from './transcript-items.js';

const WIDTH = 100;

function answer(lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `const value${i} = compute(${i}, "some string here", { option: true }); // comment ${i}`);
  return '```ts\n' + body.join('\n') + '\n```';
}

async function transcript(): Promise<{ items: TranscriptItem[]; markdown: MarkdownRenderer }> {
  const markdown = createMarkdownRenderer();
  await markdown.load();
  const items: TranscriptItem[] = [
    { key: 1, kind: 'user', text: 'show me the code' },
    { key: 2, kind: 'markdown', text: answer(1500), gap: true },
    { key: 3, kind: 'markdown', text: 'And **that** was it.', gap: true },
    { key: 4, kind: 'markdown', text: answer(300), gap: true },
    { key: 5, kind: 'notice', text: 'the end', level: 'info', gap: true },
  ];
  return { items, markdown };
}

/** Waits until `done` holds, a few milliseconds at a time (each frame of pieces is a turn of the event loop). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await settle(1);
}

describe('PacedStatic', () => {
  it('writes a large block a frame of rows at a time, and in a terminal draws what <Static> draws', async () => {
    const { items, markdown } = await transcript();
    const rendered = markdown.render(answer(1500), WIDTH).split('\n');
    expect(rendered.length).toBeGreaterThan(FRAME_ROWS * 3);

    // Not a terminal (ink-testing-library): every piece through <Static>.
    const viaStatic = render(<PacedStatic items={items} width={WIDTH} markdown={markdown} />);
    await until(() => plain(viaStatic.lastFrame()).includes('the end'));
    const expected = plain(viaStatic.lastFrame()).split('\n');
    while (expected.at(-1) === '') expected.pop();
    expect(viaStatic.frames.length).toBeGreaterThan(3);
    viaStatic.unmount();

    // A terminal: the large blocks' rows written as they are, between <Static>'s items, in order.
    const stdout = new FakeTtyOut(WIDTH, 30);
    const app = inkRender(<PacedStatic items={items} width={WIDTH} markdown={markdown} />, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeTtyIn() as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    await until(() => plain(stdout.output).includes('the end'));
    app.unmount();
    const screen = new Screen(WIDTH, 30);
    screen.write(stdout.output);
    const drawn = [...screen.scrollback, ...screen.visible()];
    while (drawn.at(-1) === '') drawn.pop();
    expect(drawn).toEqual(expected);
    expect(drawn).toContain('› show me the code');
    expect(drawn.indexOf('And that was it.')).toBeGreaterThan(drawn.findIndex((row) => row.includes('comment 1499')));
  });
});
