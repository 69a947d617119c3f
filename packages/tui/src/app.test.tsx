import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { createHost, type CallInfo, type LugHost } from '@lug/core';
import { App } from './app.js';
import { registerTuiCommands } from './commands.js';
import { interactiveUi } from './confirm.js';
import { TuiController, type TuiControllerOptions } from './controller.js';
import { defineTuiOptions } from './options.js';
import { FakeApprovals, FakeSession } from './test-support/fakes.js';
import { KEY, plain, settle } from './test-support/ink.js';

const dirs: string[] = [];
afterEach(() => {
  cleanup();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-app-'));
  dirs.push(dir);
  return dir;
}

function mount(opts: { script?: (prompt: string, s: FakeSession) => void; model?: string | null; extra?: Partial<TuiControllerOptions> } = {}) {
  const dir = tempDir();
  const host = createHost({ cwd: dir, env: { HOME: dir } });
  defineTuiOptions(host.options);
  const approvals = new FakeApprovals(host);
  const session = new FakeSession(host, opts.script);
  if (opts.model === null) session.model = undefined;
  const controller = new TuiController({ host, session, approvals, version: '0.0.0-test', frameMs: 0, probe: false, stateDir: dir, ...opts.extra });
  host.ui = interactiveUi(controller.confirms, host.events);
  registerTuiCommands(controller);
  controller.start();
  const ui = render(<App controller={controller} />);
  const type = async (...chunks: string[]) => {
    for (const chunk of chunks) {
      ui.stdin.write(chunk);
      await settle(1);
    }
  };
  const frame = () => plain(ui.lastFrame());
  return { ...ui, host, approvals, session, controller, type, frame, dir };
}

function call(id: string, tool: string, args: Record<string, unknown>): CallInfo {
  return { id, tool, args, argsText: JSON.stringify(args) };
}

async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await settle(1);
  }
}

describe('App: a turn', () => {
  it('sends the prompt and renders the streamed Markdown answer', async () => {
    const t = mount({
      script: (_p, s) => {
        const emit = (text: string) => t.host.events.emit('text_delta', { text });
        emit('# Plan\n\nFirst, some **bold');
        emit('** words.\n\n- one\n- two\n');
        setTimeout(() => s.end('done'), 20);
      },
    });
    await t.type('make a plan', KEY.enter);
    expect(t.session.prompts).toEqual(['make a plan']);
    await waitFor(() => !t.session.running && t.controller.markdown.ready());
    await settle(3);
    const frame = t.frame();
    expect(frame).toContain('› make a plan');
    expect(frame).toContain('Plan');
    expect(frame).toContain('First, some bold words.');
    expect(frame).not.toContain('**bold');
    expect(frame).toMatch(/one/);
  });

  it('shows each tool call as one line that follows its state', async () => {
    const t = mount({ script: () => undefined });
    await t.type('go', KEY.enter);
    const bash = call('c1', 'bash', { command: 'npm test' });
    t.host.events.emit('tool_call', { call: bash });
    await settle();
    expect(t.frame()).toMatch(/○ bash npm test\s+waiting/);
    t.host.events.emit('tool_start', { call: bash });
    await settle();
    expect(t.frame()).toMatch(/● bash npm test\s+running \d+ms/);
    t.host.events.emit('tool_result', { call: bash, content: 'ok\nall passed\n', isError: false, outcome: 'done', durationMs: 1500 });
    await settle();
    expect(t.frame()).toMatch(/✓ bash npm test\s+2 lines · \d+ms/);
  });

  it('shows failed and denied calls with why, and errors in their own line', async () => {
    const t = mount({ script: () => undefined });
    await t.type('go', KEY.enter);
    const read = call('r1', 'read', { path: 'missing.txt' });
    const write = call('w1', 'write', { path: 'out.txt', content: 'x' });
    t.host.events.emit('tool_call', { call: read });
    t.host.events.emit('tool_result', { call: read, content: 'missing.txt does not exist', isError: true, outcome: 'done', durationMs: 3 });
    t.host.events.emit('tool_call', { call: write });
    t.host.events.emit('approval_decision', { call: write, decision: 'deny', by: 'rule init.lua:4', reason: 'no writes here' });
    t.host.events.emit('tool_result', { call: write, content: 'denied: no writes here', isError: true, outcome: 'denied', durationMs: 0 });
    t.host.events.emit('error', { message: 'the provider said 529 overloaded' });
    await settle();
    const frame = t.frame();
    expect(frame).toMatch(/✗ read missing\.txt\s+failed: missing\.txt does not exist/);
    expect(frame).toMatch(/⊘ write out\.txt\s+denied: no writes here/);
    expect(frame).toContain('✗ the provider said 529 overloaded');
  });

  it('prints the full result of the last call with Ctrl-O', async () => {
    const t = mount({ script: () => undefined });
    await t.type('go', KEY.enter);
    const ls = call('l1', 'ls', { path: 'src' });
    t.host.events.emit('tool_call', { call: ls });
    t.host.events.emit('tool_result', { call: ls, content: 'a.ts\nb.ts\nsub/\n', isError: false, outcome: 'done', durationMs: 2 });
    await settle();
    expect(t.frame()).not.toContain('sub/');
    await t.type(KEY.ctrl('o'));
    expect(t.frame()).toContain('sub/');
  });

  it('queues a prompt sent while a turn runs and sends it when the turn ends', async () => {
    const t = mount({ script: () => undefined });
    await t.type('first', KEY.enter, 'second', KEY.enter);
    expect(t.session.prompts).toEqual(['first']);
    expect(t.frame()).toContain('queued: second');
    t.session.end('done');
    await waitFor(() => t.session.prompts.length === 2);
    expect(t.session.prompts).toEqual(['first', 'second']);
  });
});

describe('App: keys', () => {
  it('cancels the running turn with Esc', async () => {
    const t = mount({ script: () => undefined });
    await t.type('long job', KEY.enter);
    expect(t.session.running).toBe(true);
    await t.type(KEY.esc);
    await settle();
    expect(t.session.cancelled).toBe(1);
    expect(t.frame()).toContain('cancelled by the user');
  });

  it('toggles auto mode with Shift-Tab and shows AUTO', async () => {
    const t = mount();
    expect(t.frame()).not.toContain('AUTO');
    await t.type(KEY.shiftTab);
    expect(t.approvals.isAuto()).toBe(true);
    expect(t.frame()).toContain(' AUTO ');
    await t.type(KEY.shiftTab);
    expect(t.frame()).not.toContain(' AUTO ');
    expect(t.approvals.mode()).toBe('policy');
  });

  it('clears the input with Ctrl-C, and exits on a second Ctrl-C', async () => {
    const t = mount();
    await t.type('half a thought', KEY.ctrl('c'));
    expect(t.controller.input.text).toBe('');
    expect(t.frame()).toContain('Ctrl-C again to exit');
    expect(t.controller.exited).toBe(false);
    await t.type(KEY.ctrl('c'));
    expect(t.controller.exited).toBe(true);
  });

  it('cancels the turn on the first Ctrl-C while one runs', async () => {
    const t = mount({ script: () => undefined });
    await t.type('job', KEY.enter, 'draft', KEY.ctrl('c'));
    expect(t.session.cancelled).toBe(1);
    expect(t.controller.input.text).toBe('draft');
    expect(t.controller.exited).toBe(false);
  });

  it('clears the screen and draws the interface again with Ctrl-L', async () => {
    const t = mount();
    const before = t.frames.length;
    await t.type(KEY.ctrl('l'));
    // ink's test renderer (debug mode) does not replay the live region after a write; start-tui.test.tsx checks the screen.
    expect(t.frames.slice(before).some((f) => f.includes('\x1b[2J'))).toBe(true);
  });

  it('does not exit when another key comes between two Ctrl-C', async () => {
    const t = mount();
    await t.type(KEY.ctrl('c'), 'x', KEY.ctrl('c'));
    expect(t.controller.exited).toBe(false);
  });

  it('runs keys bound in host.keys (as lug.keymap.set does), and the input leaves them alone', async () => {
    const t = mount();
    let pressed = 0;
    t.host.keys.set({ keys: '<C-g>', desc: 'test', source: 'init.lua', run: () => void pressed++ });
    t.host.keys.set({ keys: '<C-a>', desc: 'override', source: 'init.lua', run: () => void pressed++ });
    await t.type('abc', KEY.ctrl('g'), KEY.ctrl('a'), 'X');
    expect(pressed).toBe(2);
    expect(t.controller.input.text).toBe('abcX');
  });

  it('reports a key binding that fails', async () => {
    const t = mount();
    t.host.keys.set({ keys: '<C-g>', desc: 'broken', source: 'init.lua', run: () => Promise.reject(new Error('boom')) });
    await t.type(KEY.ctrl('g'));
    await settle();
    expect(t.frame()).toContain('key <C-g> (init.lua) failed: boom');
  });
});

describe('App: the dialog', () => {
  it('takes the keys while a call asks, then gives them back to the input', async () => {
    const t = mount({ script: () => undefined });
    await t.type('edit it', KEY.enter);
    t.approvals.queue.add({ tool: 'edit', id: 'e1', args: { path: 'a.ts' } }, { kind: 'diff', text: '--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old\n+new' });
    await settle();
    expect(t.frame()).toContain('edit wants to change: a.ts');
    await t.type('y');
    expect(t.approvals.queue.answers).toEqual([{ id: 'e1', answer: { kind: 'allow' } }]);
    expect(t.controller.input.text).toBe('');
    await t.type('y');
    expect(t.controller.input.text).toBe('y');
  });

  it('denies with Esc without cancelling the turn', async () => {
    const t = mount({ script: () => undefined });
    await t.type('go', KEY.enter);
    t.approvals.queue.add({ tool: 'bash', id: 'b1', args: { command: 'ls' } }, { kind: 'command', text: '$ ls' });
    await settle();
    await t.type(KEY.esc);
    await settle();
    expect(t.approvals.queue.answers).toEqual([{ id: 'b1', answer: { kind: 'deny' } }]);
    expect(t.session.cancelled).toBe(0);
  });

  it('shows a confirm from a Lua rule (host.ui.confirm) and answers it', async () => {
    const t = mount();
    const answer = t.host.ui.confirm('Push to main?');
    await settle();
    expect(t.frame()).toContain('Push to main?');
    await t.type('y');
    await expect(answer).resolves.toBe(true);
    expect(t.frame()).not.toContain('Push to main?');
  });

  it('answers no to a confirm when its turn is cancelled', async () => {
    const t = mount();
    const controller = new AbortController();
    const answer = t.host.ui.confirm('Delete?', controller.signal);
    controller.abort();
    await expect(answer).resolves.toBe(false);
  });
});

describe('App: commands', () => {
  it('lists the tools allowed always with :approvals and revokes them with :approvals clear', async () => {
    const t = mount();
    t.approvals.allowedAlways.add('bash');
    await t.type(':approvals', KEY.enter);
    await settle();
    expect(t.frame()).toContain('allowed for this session: bash');
    await t.type(':approvals clear', KEY.enter);
    await settle();
    expect(t.approvals.allowedAlways.list()).toEqual([]);
    expect(t.frame()).toContain('no tool is allowed always any more (was: bash)');
  });

  it('toggles auto mode with :auto', async () => {
    const t = mount();
    await t.type(':auto', KEY.enter);
    await settle();
    expect(t.approvals.isAuto()).toBe(true);
    expect(t.frame()).toContain(' AUTO ');
  });

  it('sets the model with :model and rejects a malformed one', async () => {
    const t = mount();
    await t.type(':model openai/gpt-5', KEY.enter);
    await settle();
    expect(t.host.options.get('model')).toBe('openai/gpt-5');
    await t.type(':model gpt5', KEY.enter);
    await settle();
    expect(t.frame()).toContain('must be written provider/model');
    expect(t.host.options.get('model')).toBe('openai/gpt-5');
    t.session.model = 'openai/gpt-5';
    await t.type(':model', KEY.enter);
    await settle();
    expect(t.frame()).toContain('model: openai/gpt-5');
  });

  it('starts a new conversation with :clear', async () => {
    const t = mount();
    await t.type(':clear', KEY.enter);
    await settle();
    expect(t.session.resets).toBe(1);
    expect(t.frame()).toContain('new conversation');
  });

  it('runs :lua through the Lua runner, and says clearly when there is none', async () => {
    const t = mount();
    await t.type(':lua return 1', KEY.enter);
    await settle();
    expect(t.frame()).toContain('Lua is not loaded');
    const u = mount({ extra: { lua: { run: async (code) => (code === 'return lug.opt.model' ? { model: 'x', n: 2 } : { values: [2], text: '2' }) } } });
    await u.type(':lua return lug.opt.model', KEY.enter);
    await settle();
    expect(u.frame()).toContain('{ model = "x", n = 2 }');
    await u.type(':lua 1 + 1', KEY.enter);
    await settle();
    expect(u.frame()).toMatch(/· 2\n/);
  });

  it('shows manual pages with :help TOPIC, and a section by its heading', async () => {
    const docs = tempDir();
    fs.writeFileSync(path.join(docs, 'keys.md'), '# Keys\n\nPress **y** to allow.\n');
    fs.writeFileSync(path.join(docs, 'approvals.md'), '# Approvals\n\n## Auto mode\n\nEverything runs.\n\n## Rules\n\nLua decides.\n');
    const t = mount({ extra: { docsDir: docs } });
    await t.type(':help keys', KEY.enter);
    await waitFor(() => t.frame().includes('to allow'));
    expect(t.frame()).toContain('Press y to allow.');
    await t.type(':help auto mode', KEY.enter);
    await waitFor(() => t.frame().includes('Everything runs.'));
    expect(t.frame()).not.toContain('Lua decides.');
    await t.type(':help nothing-like-it', KEY.enter);
    await settle();
    expect(t.frame()).toContain('no help for "nothing-like-it"; the topics are: approvals, keys');
  });

  it('runs commands registered from Lua and completes them beside the TUI\'s', async () => {
    const t = mount();
    const ran: string[] = [];
    t.host.commands.register({ name: 'deploy', desc: 'ship it', source: 'init.lua', run: (a) => void ran.push(a) });
    await t.type(':dep');
    expect(t.frame()).toContain(':deploy');
    expect(t.frame()).toContain('ship it');
    await t.type(KEY.tab, 'staging', KEY.enter);
    await settle();
    expect(ran).toEqual(['staging']);
  });

  it('accepts a unique prefix of a command name and explains an unknown one', async () => {
    const t = mount();
    await t.type(':appr', KEY.enter);
    await settle();
    expect(t.frame()).toContain('no tool is allowed always');
    await t.type(':zzz', KEY.enter);
    await settle();
    expect(t.frame()).toMatch(/unknown command :zzz; the commands are: .*:approvals/);
  });

  it('quits with :q', async () => {
    const t = mount();
    await t.type(':q', KEY.enter);
    await settle();
    expect(t.controller.exited).toBe(true);
  });
});

describe('App: without a model', () => {
  it('says once how to set a key, and does not send prompts', async () => {
    const t = mount({ model: null, extra: { probe: { ports: [], timeoutMs: 50 } } });
    await waitFor(() => t.frame().includes('No model is configured'));
    const frame = t.frame();
    for (const v of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) expect(frame).toContain(v);
    await t.type('hello', KEY.enter);
    await settle();
    expect(t.session.prompts).toEqual([]);
    expect(t.frame()).toContain('no model is configured');
    expect(t.frame().match(/No model is configured/g)).toHaveLength(1);
  });
});

describe('App: the live region', () => {
  it('shows only the end of a long streaming block, and all of it once finished', async () => {
    const t = mount({ script: () => undefined });
    await t.type('write a lot', KEY.enter);
    await t.controller.markdown.load();
    const lines = Array.from({ length: 120 }, (_, i) => `line number ${i + 1}`);
    t.host.events.emit('text_delta', { text: '```\n' + lines.join('\n') });
    await settle();
    let frame = t.frame();
    expect(frame).toContain('line number 120');
    expect(frame).not.toContain('line number 10\n');
    expect(frame).toMatch(/… \d+ lines above/);
    t.host.events.emit('text_delta', { text: '\n```\n' });
    t.session.end('done');
    await settle(3);
    frame = t.frame();
    expect(frame).toContain('line number 1\n');
    expect(frame).toContain('line number 120');
  });

  it('keeps many parallel calls within the screen, summarising the rest', async () => {
    const t = mount({ script: () => undefined });
    await t.type('go', KEY.enter);
    for (let i = 0; i < 40; i++) t.host.events.emit('tool_call', { call: call(`c${i}`, 'bash', { command: `sleep ${i}` }) });
    await settle();
    expect(t.frame()).toMatch(/… \d+ more/);
    expect(t.frame()).not.toContain('sleep 39');
  });
});

describe('App: host', () => {
  it('renders without Lua, approvals decisions or processes given', () => {
    const t = mount();
    expect(t.frame()).toContain('Ask, or :help');
    expect(t.frame()).toContain('approval: ask');
  });
});

export type { LugHost };
