import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { ApprovalDialog } from './approval-dialog.js';
import { FakeQueue } from './test-support/fakes.js';
import { KEY, plain, settle } from './test-support/ink.js';

afterEach(() => cleanup());

const diff = ['--- a/src/app.ts', '+++ b/src/app.ts', '@@ -1,2 +1,2 @@', '-const a = 1;', '+const a = 2;', ' export {};'].join('\n');

function setup(maxHeight = 20) {
  const queue = new FakeQueue();
  queue.add({ tool: 'edit', id: 'c1', args: { path: 'src/app.ts', old_string: '1', new_string: '2' } }, { kind: 'diff', text: diff });
  const ui = render(<ApprovalDialog queue={queue} maxHeight={maxHeight} />);
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      ui.stdin.write(k);
      await settle(1);
    }
  };
  return { ...ui, queue, press };
}

describe('ApprovalDialog', () => {
  it('shows the tool, its path, the diff and the keys', () => {
    const { lastFrame } = setup();
    const frame = plain(lastFrame());
    expect(frame).toContain('edit wants to change: src/app.ts');
    expect(frame).toContain('-const a = 1;');
    expect(frame).toContain('+const a = 2;');
    expect(frame).toContain('y allow once');
    expect(frame).toContain('A allow edit for the session');
    expect(frame).toContain('m deny with a message');
    expect(frame).toContain('Esc deny this call');
  });

  it('colours added lines green and removed lines red', () => {
    const { lastFrame } = setup();
    const frame = lastFrame()!;
    // Colour only shows when the terminal supports it; the test runner may not.
    if (!frame.includes('\x1b[')) return;
    expect(frame).toMatch(/\x1b\[32m\+const a = 2;/);
    expect(frame).toMatch(/\x1b\[31m-const a = 1;/);
  });

  it('allows once with y', async () => {
    const t = setup();
    await t.press('y');
    expect(t.queue.answers).toEqual([{ id: 'c1', answer: { kind: 'allow' } }]);
    expect(plain(t.lastFrame())).not.toContain('wants to change');
  });

  it('allows the tool for the session with A', async () => {
    const t = setup();
    await t.press('A');
    expect(t.queue.answers).toEqual([{ id: 'c1', answer: { kind: 'always' } }]);
  });

  it('ignores a lowercase a, so A is never pressed by accident', async () => {
    const t = setup();
    await t.press('a');
    expect(t.queue.answers).toEqual([]);
  });

  it('denies with n', async () => {
    const t = setup();
    await t.press('n');
    expect(t.queue.answers).toEqual([{ id: 'c1', answer: { kind: 'deny' } }]);
  });

  it('denies this call with Esc and shows the next waiting call', async () => {
    const t = setup();
    t.queue.add({ tool: 'bash', id: 'c2', args: { command: 'npm test' } }, { kind: 'command', text: '$ npm test\nin /project' });
    await settle();
    expect(plain(t.lastFrame())).toContain('1 more waiting');
    await t.press(KEY.esc);
    expect(t.queue.answers).toEqual([{ id: 'c1', answer: { kind: 'deny' } }]);
    const frame = plain(t.lastFrame());
    expect(frame).toContain('bash wants to run: npm test');
    expect(frame).toContain('in /project');
  });

  it('denies with a message typed after m', async () => {
    const t = setup();
    await t.press('m');
    await settle(3);
    expect(plain(t.lastFrame())).toContain('telling the model why');
    await t.press('use ', 'sed', KEY.enter);
    expect(t.queue.answers).toEqual([{ id: 'c1', answer: { kind: 'deny', message: 'use sed' } }]);
  });

  it('goes back to the keys with Esc while writing the message', async () => {
    const t = setup();
    await t.press('m', 'x', KEY.esc);
    expect(t.queue.answers).toEqual([]);
    expect(plain(t.lastFrame())).toContain('y allow once');
    await t.press('y');
    expect(t.queue.answers).toEqual([{ id: 'c1', answer: { kind: 'allow' } }]);
  });

  it('shows the reason of the rule that asked', async () => {
    const queue = new FakeQueue();
    queue.add({ tool: 'bash', id: 'c9', args: { command: 'rm -rf build' }, reason: 'rm needs a look' }, { kind: 'command', text: '$ rm -rf build' });
    const { lastFrame } = render(<ApprovalDialog queue={queue} />);
    expect(plain(lastFrame())).toContain('why: rm needs a look');
  });

  it('shows the arguments for a tool without a diff or command', () => {
    const queue = new FakeQueue();
    queue.add({ tool: 'today', id: 'c3', args: { format: 'iso' } }, { kind: 'args', text: '{\n  "format": "iso"\n}' });
    const { lastFrame } = render(<ApprovalDialog queue={queue} />);
    const frame = plain(lastFrame());
    expect(frame).toContain('today wants to run with');
    expect(frame).toContain('"format": "iso"');
  });
});

describe('ApprovalDialog scrolling', () => {
  const long = ['--- a/big.txt', '+++ b/big.txt', ...Array.from({ length: 100 }, (_, i) => `+line ${i + 1}`)].join('\n');

  function setupLong() {
    const queue = new FakeQueue();
    queue.add({ tool: 'write', id: 'w1', args: { path: 'big.txt', content: '…' } }, { kind: 'diff', text: long });
    const ui = render(<ApprovalDialog queue={queue} maxHeight={15} />);
    const press = async (...keys: string[]) => {
      for (const k of keys) {
        ui.stdin.write(k);
        await settle(1);
      }
    };
    return { ...ui, queue, press };
  }

  it('shows a window of a long diff and where it is', () => {
    const frame = plain(setupLong().lastFrame());
    expect(frame).toContain('+line 1');
    expect(frame).not.toContain('+line 20');
    expect(frame).toMatch(/lines 1–9 of 102/);
    expect(frame.split('\n').length).toBeLessThanOrEqual(15);
  });

  it('scrolls by a line with the arrows and by a page with PgDn and PgUp', async () => {
    const t = setupLong();
    await t.press(KEY.down, KEY.down);
    expect(plain(t.lastFrame())).toMatch(/lines 3–11 of 102/);
    await t.press(KEY.pageDown);
    expect(plain(t.lastFrame())).toMatch(/lines 11–19 of 102/);
    await t.press(KEY.pageUp, KEY.up);
    expect(plain(t.lastFrame())).toMatch(/lines 2–10 of 102/);
  });

  it('jumps to the end and back with End and Home, never past the last line', async () => {
    const t = setupLong();
    await t.press(KEY.end);
    expect(plain(t.lastFrame())).toContain('+line 100');
    expect(plain(t.lastFrame())).toMatch(/lines 94–102 of 102/);
    await t.press(KEY.pageDown, KEY.down);
    expect(plain(t.lastFrame())).toMatch(/lines 94–102 of 102/);
    await t.press(KEY.home);
    expect(plain(t.lastFrame())).toMatch(/lines 1–9 of 102/);
    expect(t.queue.answers).toEqual([]);
  });
});
