/**
 * The interface's drawing in a real terminal (the real `lug` in tmux): the
 * input box wraps by rows, keeping its marker and indent, for long prompts
 * and large pastes; a resize, a dialog open included, leaves no fragment of
 * the frame drawn before it.
 */
import { describe, expect, it } from 'vitest';
import { text, toolCall, turn, type startScriptedServer } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

async function startLug(steps: Parameters<typeof startScriptedServer>[0], size: { width: number; height: number }) {
  const { screen } = await lugs.start(steps, sandbox(), size);
  return screen;
}

/** The status line ends with the directory (it is cut at its start when narrow). */
const STATUS = /~\/project\s*$/;

/** The rows of the input box: from the first below the transcript's last blank line (the marker's, or "↑ N more rows") down to the status line. */
function inputRowsOf(shown: string): string[] {
  const lines = shown.split('\n');
  const status = lines.findIndex((l) => STATUS.test(l));
  let first = status;
  while (first > 0 && lines[first - 1]!.trim() !== '') first--;
  return lines.slice(first, status);
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 97}`).join(' ');

describe.skipIf(!hasTmux())('the interface drawn in a real terminal', () => {
  for (const size of [
    { width: 80, height: 24 },
    { width: 120, height: 40 },
    { width: 50, height: 20 },
  ]) {
    it(`wraps a 3,000-character paste into rows under the marker, each indented alike, at ${size.width}×${size.height}`, async () => {
      const s = await startLug([], size);
      const pasted = words(500).slice(0, 3000);
      s.paste(pasted);
      const shown = await s.waitFor((screen) => /more row/.test(screen) && screen.split('\n').some((l) => STATUS.test(l)));
      const rows = inputRowsOf(shown);
      // The cursor is at the end: the text's first rows are scrolled away, and every row shown is indented by two.
      expect(rows[0]).toMatch(/^ {2}↑ \d+ more rows/);
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows.slice(1)) expect(row).toMatch(/^ {2}word/);
      for (const line of shown.split('\n')) expect(line.length).toBeLessThanOrEqual(size.width);
      // Going to the start shows the marker on the first row.
      s.send('C-a');
      const top = inputRowsOf(await s.waitFor((screen) => /^› word0 word1/m.test(screen)));
      expect(top[0]).toMatch(/^› word0 word1/);
      expect(top.at(-1)).toMatch(/^ {2}↓ \d+ more/);
      for (const row of top.slice(1, -1)) expect(row).toMatch(/^ {2}word/);
    });
  }

  it('keeps a long typed prompt under its marker, wrapped at a space', async () => {
    const s = await startLug([], { width: 60, height: 24 });
    const prompt = words(40);
    s.type(prompt);
    const shown = await s.waitFor((screen) => screen.includes('word39'));
    const rows = inputRowsOf(shown);
    expect(rows[0]).toMatch(/^› word0 word1/);
    for (const row of rows.slice(1)) expect(row).toMatch(/^ {2}word\d+/);
    // Joined again, the rows are the prompt: no character lost or doubled at a wrap.
    expect(rows.map((r) => r.slice(2).trimEnd()).join(' ')).toBe(prompt);
  });

  it('redraws cleanly after resizes with the dialog open', async () => {
    const s = await startLug([turn(toolCall('bash', { command: 'echo resized-dialog-check' })), text('Ran it.')], { width: 100, height: 30 });
    await s.submit('run it');
    await s.waitFor(/wants to run/);
    for (const [width, height] of [
      [60, 20],
      [120, 35],
      [45, 18],
      [90, 26],
    ] as const) {
      s.resize(width, height);
      // Once the resize settles: one dialog, one input, one status line, nothing wider than the terminal.
      const shown = await s.waitFor((screen) => {
        const lines = screen.split('\n');
        const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
        return (
          lines.every((l) => l.length <= width) &&
          count(/wants to run/) === 1 &&
          count(/╭/) === 1 &&
          count(/╰/) === 1 &&
          count(STATUS) === 1 &&
          count(/^›/) === 1
        );
      }, 10_000);
      expect(shown).toContain('allow once');
    }
    s.type('y');
    await s.waitFor(/Ran it\./);
  });
});
