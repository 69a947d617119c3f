import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '@lug/core';
import { scriptedProvider } from '@lug/testing';
import { KEY, plain, settle } from './test-support/ink.js';
import { cleanupApps, mountApp, tempDir, waitFor } from './test-support/mount-app.js';
import { Replay } from './test-support/recorded.js';

afterEach(() => cleanupApps());

describe('App: commands', () => {
  it('lists the tools allowed always with :approvals and revokes them with :approvals clear', async () => {
    const t = mountApp();
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
    const t = mountApp();
    await t.type(':auto', KEY.enter);
    await settle();
    expect(t.approvals.isAuto()).toBe(true);
    expect(t.frame()).toContain(' AUTO ');
  });

  it('refuses :auto and Shift-Tab, saying why, while approvals refuse auto mode (a configuration that failed to load)', async () => {
    const t = mountApp();
    t.approvals.refuseAuto('init.lua:2 failed to load');
    await t.type(':auto', KEY.enter);
    await waitFor(() => t.frame().includes('auto mode is refused: init.lua:2 failed to load'));
    await t.type(KEY.shiftTab);
    await waitFor(() => t.frame().split('auto mode is refused').length - 1 === 2);
    expect(t.approvals.isAuto()).toBe(false);
    expect(t.frame()).not.toContain(' AUTO ');
  });

  it('tests the rules on a call with :rules test, printing the decision, the rules that spoke and the parts', async () => {
    const t = mountApp();
    t.approvals.rule('*', (args) => (String(args.command ?? '').startsWith('rm') ? { verdict: 'deny', reason: 'no rm' } : undefined), { source: 'init.lua:3' });
    const command = t.host.tools.names().find((name) => t.host.tools.get(name)?.describe?.({ command: 'x' }, { cwd: t.dir })?.command === 'x');
    await t.type(':rules test ls; rm x', KEY.enter);
    await waitFor(() => t.frame().includes('decision: deny (rule:init.lua:3): no rm'));
    expect(t.frame()).toContain(`${command} {"command":"ls; rm x"}`);
    expect(t.frame()).toContain('init.lua:3: deny on "rm x" (no rm)');
    expect(t.frame()).toContain('2. rm x (command, program rm');
    await t.type(':rules', KEY.enter);
    await waitFor(() => t.frame().includes('use :rules test [TOOL] ARGS'));
  });

  it('sets the model with :model and rejects a malformed one', async () => {
    const t = mountApp();
    // A provider by that name, as lug registers them (never made in this test).
    t.host.providers.register({ name: 'openai', create: () => Promise.reject(new Error('no provider is made in this test')) });
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

  it("offers the core's default model of each registered provider, never one written here", async () => {
    const t = mountApp();
    t.host.providers.register({ name: 'anthropic', create: () => scriptedProvider([]) });
    t.host.providers.register({ name: 'openai', create: () => scriptedProvider([]) });
    await t.type(':model', KEY.enter);
    await waitFor(() => t.frame().includes('choices:'));
    expect(t.frame()).toContain(DEFAULT_ANTHROPIC_MODEL);
    expect(t.frame()).toContain(DEFAULT_OPENAI_MODEL);
  });

  it('starts a new conversation with :clear', async () => {
    const t = mountApp();
    await t.type(':clear', KEY.enter);
    await settle();
    expect(t.session.resets).toBe(1);
    expect(t.frame()).toContain('new conversation');
  });

  it('runs :lua through the Lua runner, and says clearly when there is none', async () => {
    const t = mountApp();
    await t.type(':lua return 1', KEY.enter);
    await settle();
    expect(t.frame()).toContain('Lua is not loaded');
    const u = mountApp({ extra: { lua: { run: async (code) => (code === 'return lug.opt.model' ? { model: 'x', n: 2 } : { values: [2], text: '2' }) } } });
    await u.type(':lua return lug.opt.model', KEY.enter);
    await settle();
    expect(u.frame()).toContain('{ model = "x", n = 2 }');
    await u.type(':lua 1 + 1', KEY.enter);
    await settle();
    expect(u.frame()).toMatch(/· 2\n/);
  });

  it('completes :lua code with Tab from the Lua runner (lug. names, globals)', async () => {
    const t = mountApp({ extra: { lua: { run: async () => ({ values: [], text: '' }), complete: (code) => (code === 'print(lug.ke' ? ['print(lug.keymap'] : []) } } });
    await t.type(':lua print(lug.ke');
    await t.type(KEY.tab);
    await waitFor(() => t.controller.input.text === ':lua print(lug.keymap');
  });

  it('shows manual pages with :help TOPIC, and a section by its heading', async () => {
    const docs = tempDir();
    fs.writeFileSync(path.join(docs, 'keys.md'), '# Keys\n\nPress **y** to allow.\n');
    fs.writeFileSync(path.join(docs, 'approvals.md'), '# Approvals\n\n## Auto mode\n\nEverything runs.\n\n## Rules\n\nLua decides.\n');
    const t = mountApp({ extra: { docsDir: docs } });
    await t.type(':help keys', KEY.enter);
    await waitFor(() => t.frame().includes('Press y to allow.'), 5000);
    expect(t.frame()).toContain('Press y to allow.');
    await t.type(':help auto mode', KEY.enter);
    await waitFor(() => t.frame().includes('Everything runs.'));
    expect(t.frame()).not.toContain('Lua decides.');
    await t.type(':help nothing-like-it', KEY.enter);
    await settle();
    expect(t.frame()).toContain('no help for "nothing-like-it"; the topics are: approvals, keys');
  });

  it('runs commands registered from Lua and completes them beside the TUI\'s', async () => {
    const t = mountApp();
    const ran: string[] = [];
    t.host.commands.register({ name: 'deploy', desc: 'ship it', source: 'init.lua', run: (a) => void ran.push(a) });
    await t.type(':dep');
    expect(t.frame()).toContain(':deploy');
    expect(t.frame()).toContain('ship it');
    await t.type(KEY.tab, 'staging', KEY.enter);
    await settle();
    expect(ran).toEqual(['staging']);
  });

  it('a command that is still loading after the first screen (a stock workflow\'s) waits for it, then runs', async () => {
    let loaded!: () => void;
    let ran = 0;
    const t = mountApp({ extra: { loadingCommands: () => new Promise<void>((resolve) => (loaded = resolve)) } });
    await t.type(':later', KEY.enter);
    await settle();
    t.host.commands.register({ name: 'later', desc: 'registered after the first screen', source: 'test', run: () => void ran++ });
    loaded();
    await waitFor(() => ran === 1);
    expect(t.frame()).not.toContain('unknown command');
  });

  it('accepts a unique prefix of a command name and explains an unknown one', async () => {
    const t = mountApp();
    await t.type(':appr', KEY.enter);
    await settle();
    expect(t.frame()).toContain('no tool is allowed always');
    await t.type(':zzz', KEY.enter);
    await settle();
    expect(t.frame()).toMatch(/unknown command :zzz; the commands are: .*:approvals/);
  });

  it('quits with :q', async () => {
    const t = mountApp();
    await t.type(':q', KEY.enter);
    await settle();
    expect(t.controller.exited).toBe(true);
  });
});

describe('App: messages that are true', () => {
  it('refuses :model with a provider lug does not have at once, not at the next prompt', async () => {
    const t = mountApp();
    t.host.providers.register({ name: 'openai', create: () => Promise.reject(new Error('no provider is made in this test')) });
    const before = t.host.options.get('model');
    await t.type(':model nosuch/x', KEY.enter);
    await waitFor(() => t.frame().includes('unknown provider'));
    expect(t.frame()).toContain('unknown provider "nosuch" in model "nosuch/x"; the providers are: openai');
    expect(t.host.options.get('model')).toBe(before);
  });

  it('says with :expand N how many calls there have been when there never was an N-th', async () => {
    const t = mountApp();
    new Replay(t.host.events, 'read-fails-write-denied', { turn: false }).rest();
    await settle();
    await t.type(':expand 9', KEY.enter);
    await waitFor(() => t.frame().includes('there have been 2 tool calls'));
    expect(t.frame()).not.toContain('dropped');
    expect(t.frame()).toContain('there have been 2 tool calls: :expand 1 to 2');
  });

  it('says what Shift-Tab did, as :auto does', async () => {
    const t = mountApp();
    await t.type(KEY.shiftTab);
    await waitFor(() => t.frame().includes('auto mode on'));
    await t.type(KEY.shiftTab);
    await waitFor(() => t.frame().includes('auto mode off'));
    expect(t.frame()).toContain('auto mode off: approval is "policy" again');
  });
});

describe('App: without a model', () => {
  it('says once how to set a key, and does not send prompts', async () => {
    const t = mountApp({ model: null, extra: { probe: { ports: [], timeoutMs: 50 } } });
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
    const t = mountApp({ script: () => undefined });
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
    const t = mountApp({ script: () => undefined });
    await t.type('go', KEY.enter);
    new Replay(t.host.events, 'forty-calls', { turn: false }).through('tool_call', 40);
    await settle();
    expect(t.frame()).toMatch(/… \d+ more/);
    expect(t.frame()).not.toContain('sleep 39');
  });
});

describe('App: host', () => {
  it('renders without Lua, approvals decisions or processes given', () => {
    const t = mountApp();
    expect(t.frame()).toContain('Ask, or :help');
    expect(t.frame()).toContain('approval: policy');
  });
});


describe('App: :resume', () => {
  // The list is taller than the live region and nothing loads marked here: a light notice must commit without it
  // (it used to wait as "… 1 more" until marked loaded, which in a real terminal only typing happened to start).
  it('says when it lists only the newest of the conversations here', async () => {
    const sessions = Array.from({ length: 16 }, (_, i) => ({ id: `2026-12-01_10-00-${String(i).padStart(2, '0')}-abc`, mtimeMs: 100 - i }));
    const store = {
      list: () => sessions.map((s) => ({ ...s, cwd: t.host.cwd })),
      load: () => ({ messages: [{ role: 'user' as const, content: 'a prompt' }], usage: { inputTokens: 0, outputTokens: 0 } }),
    };
    const t = mountApp({ extra: { store } });
    await t.type(':resume', KEY.enter);
    // The list is taller than the test's screen: read everything drawn, what went to the scrollback too.
    const drawn = () => t.frames.join('\n').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    await waitFor(() => drawn().includes('Earlier conversations here'), 5000);
    expect(drawn()).toContain('the newest 15 of 16');
  });
});

describe('App: :resume reads outlines', () => {
  it('lists the prompts and branches from the store\'s outlines, never loading a file to list it', async () => {
    const store = {
      list: () => [{ id: 'old-1', cwd: t.host.cwd, mtimeMs: 1 }],
      load: (): never => {
        throw new Error('load must not be called to list');
      },
      outline: () => ({ prompt: 'the first prompt', branches: [{ n: 1, prompt: 'a later prompt' }] }),
    };
    const t = mountApp({ extra: { store } });
    await t.type(':resume', KEY.enter);
    // Backticks gone: the list reads the same drawn as written or rendered.
    const drawn = () => t.frames.join('\n').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/`/g, '');
    await waitFor(() => drawn().includes('old-1#1'), 5000);
    expect(drawn()).toContain('old-1 the first prompt');
    expect(drawn()).toContain('branch: a later prompt');
  });
});

describe('App: :resume reads the store once', () => {
  it('lists the store once for :resume, and once a line for what :resume completes, not at each key', async () => {
    let listed = 0;
    const store = {
      list: () => (listed++, [{ id: 'old-1', cwd: t.host.cwd, mtimeMs: 1 }]),
      load: () => ({ messages: [{ role: 'user' as const, content: 'a prompt' }], usage: { inputTokens: 0, outputTokens: 0 } }),
      outline: () => ({ prompt: 'the first prompt', branches: [] }),
    };
    const t = mountApp({ extra: { store } });
    await t.type(':resume', KEY.enter);
    const drawn = () => t.frames.join('\n').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/`/g, '');
    await waitFor(() => drawn().includes('old-1 the first prompt'), 5000);
    expect(listed).toBe(1);
    await t.type(':resume ', 'o', 'l', 'd');
    await waitFor(() => t.frame().includes(':resume old'), 5000);
    expect(listed).toBe(2);
  });
});

describe('App: damaged session files', () => {
  it('shows what a damaged session file lost, at start and when :resume loads one', async () => {
    const notice = 'session /state/s.jsonl: skipped a line that is not a valid record: line 3 (not valid JSON (cut short, or not a record)). The rest of the conversation is loaded.';
    const store = {
      list: () => [{ id: 'old-1', cwd: t.host.cwd, mtimeMs: 1 }],
      load: () => ({ messages: [{ role: 'user' as const, content: 'the old prompt' }], usage: { inputTokens: 0, outputTokens: 0 }, notice }),
    };
    const t = mountApp({ extra: { startupNotices: ['session /state/a.jsonl: skipped line 7'], store } });
    Object.assign(t.session, { resume: () => undefined });
    await waitFor(() => t.frame().includes('skipped line 7'));
    await t.type(':resume old-1', KEY.enter);
    await waitFor(() => t.frame().includes('line 3 (not valid JSON'));
  });
});
