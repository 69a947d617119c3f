/**
 * A working day in the interface, in a real terminal: the next prompt typed
 * while the model works, and a dialog (or the status line) changing under it.
 * The real `lug` binary in tmux against the scripted model server.
 */
import { describe, expect, it } from 'vitest';
import { text, toolCall, turn } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux, type TmuxScreen } from './tmux.js';

const lugs = lugsInTmux();

/** Type `line` a key at a time, as a person does, each key a write of its own. */
async function typeSlowly(screen: TmuxScreen, line: string, gapMs = 100): Promise<void> {
  for (const ch of line) {
    screen.type(ch);
    await new Promise((r) => setTimeout(r, gapMs));
  }
}

describe.skipIf(!hasTmux())('a working day: typing ahead while the model works', () => {
  it('does not take the letters of a prompt being typed as answers to a dialog that appears mid-word', async () => {
    const box = sandbox();
    const steps = [text('Hi.'), turn(text('Soon.'), toolCall('bash', { command: 'echo typed-ahead' }), { delayMs: 1200 }), text('Denied, fine.')];
    const { server, screen } = await lugs.start(steps, box);
    // A first turn before: typing ahead in the first turn of a process held its request, which is not what this checks.
    await screen.submit('hello');
    await screen.waitFor(/Hi\./, 15_000);
    await screen.submit('go');
    // The dialog appears while these are typed; their y and n are the prompt's, not answers.
    await typeSlowly(screen, 'then only fix the tests, yes and no');
    await screen.waitFor(/bash wants to run: echo typed-ahead/, 15_000);
    expect(screen.capture()).toMatch(/\? bash echo typed-ahead\s+asking/);
    expect(screen.capture()).toMatch(/you were typing/);
    expect(server.modelRequests()).toHaveLength(2);
    // Once the keys have paused, a key is an answer.
    await new Promise((r) => setTimeout(r, 1000));
    screen.send('n');
    await screen.waitFor(/denied by the user[\s\S]*Denied, fine\./, 15_000);
    expect(server.modelRequests()).toHaveLength(3);
  });

  it('shows the context the core counts after :compact, though its whole percent of a 1M window stays 0%', async () => {
    const box = sandbox();
    const long = 'A long answer to make the conversation worth compacting. '.repeat(150);
    const { screen } = await lugs.start([text(long), text('Short.'), text('Earlier: a long answer.')], box, { height: 40 });
    await screen.submit('say a lot');
    await screen.waitFor(/A long answer[\s\S]*›  Ask/, 15_000);
    await screen.submit('and a little');
    await screen.waitFor(/Short\./, 15_000);
    const before = /ctx ([\d.]+k)\/1\.0M 0%/.exec(await screen.waitFor(/›  Ask[\s\S]*ctx [\d.]+k\/1\.0M 0%/, 15_000))![1];
    await screen.submit(':compact');
    const after = await screen.waitFor(/Compacted/, 15_000);
    const tokens = /→ ([\d,]+) tokens/.exec(after.replace(/\n\s*/g, ' '))![1]!.replace(',', '');
    const shown = `${(Number(tokens) / 1000).toFixed(1)}k`;
    expect(shown).not.toBe(before);
    await screen.waitFor((s) => s.includes(`ctx ${shown}/1.0M`), 5_000);
  });
});
