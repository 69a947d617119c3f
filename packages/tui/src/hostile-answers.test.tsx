/**
 * Answers a broken or hostile model may stream: text that would reorder the
 * screen, a line that never ends, nesting no parser should be asked to walk.
 * The app is the real one (ink-testing-library), with the real Markdown renderer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, settle } from './test-support/ink.js';
import { cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';
import { createMarkdownRenderer, type MarkdownRenderer } from './markdown.js';

afterEach(() => cleanupApps());

/** The real renderer, noting the longest Markdown it was asked to render. */
function measuredRenderer(): MarkdownRenderer & { longest: number } {
  const real = createMarkdownRenderer();
  const measured = {
    longest: 0,
    ready: () => real.ready(),
    load: () => real.load(),
    render(markdown: string, width: number) {
      measured.longest = Math.max(measured.longest, markdown.length);
      return real.render(markdown, width);
    },
  };
  return measured;
}

describe('App: hostile answers', () => {
  it('draws no bidi override, isolate or C1 control a model sends, in its answer, its reasoning or an error', async () => {
    const t = mountApp({ script: () => undefined });
    await t.controller.markdown.load();
    await t.type('go', KEY.enter);
    t.host.events.emit('reasoning_delta', { text: 'think \u2067ahead\u2069 \u009b2J\n' });
    t.host.events.emit('text_delta', { text: 'pay \u202eevil.exe\u202c and \u200fthis\u2028next line\n' });
    t.host.events.emit('error', { message: 'server said \u2066\u202ereversed\u2069' });
    t.session.end('done');
    await waitFor(() => t.frame().includes('reversed'));
    const written = t.frames.join('');
    expect(written).toContain('evil.exe');
    expect(written).not.toMatch(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
  });

  it('renders only the end of a streaming line of hundreds of kilobytes at each frame', async () => {
    const markdown = measuredRenderer();
    await markdown.load();
    const t = mountApp({ script: () => undefined, extra: { markdown } });
    await t.type('go', KEY.enter);
    // One line, no newline: the block never finishes, so before it was rendered whole at every frame (1.6 s each).
    const word = 'word '.repeat(20_000);
    for (let i = 0; i < 4; i++) {
      t.host.events.emit('text_delta', { text: word });
      await settle(2);
    }
    await waitFor(() => t.frame().includes('lines above') || t.frame().includes('word word'));
    expect(markdown.longest).toBeGreaterThan(0);
    expect(markdown.longest).toBeLessThan(50_000);
    t.session.end('done');
  }, 60_000);
});

describe('Markdown nested beyond reason', () => {
  // The render is synchronous, so no timer can bound it: before, marked took 84 s for 2,000 levels, and this one did not end in 5 minutes.
  it('shows 10,000 levels of nested list as written, at once', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const list = Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n');
    const out = md.render(list, 80);
    expect(out).toContain('level 9999');
  }, 60_000);

  it('still renders ordinary nesting as Markdown', async () => {
    const md = createMarkdownRenderer();
    await md.load();
    const out = md.render('- one\n  - two\n    - **three**\n\n> > quoted', 80);
    expect(out).not.toContain('**three**');
    expect(out).toContain('three');
  });
});
