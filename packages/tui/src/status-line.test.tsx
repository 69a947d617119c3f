import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { createOptions } from '@lug/core';
import { StatusLine, formatTokens, primeStatusline, shortenPath, statusKey, type StatusInfo, type StatuslineContext } from './status-line.js';
import { defineTuiOptions } from './options.js';
import { plain, settle } from './test-support/ink.js';

afterEach(() => cleanup());

const base: StatusInfo = {
  model: 'anthropic/claude-sonnet-4-5',
  mode: 'policy',
  auto: false,
  usage: { inputTokens: 12_345, outputTokens: 678 },
  cost: undefined,
  running: 0,
  background: 0,
  cwd: '/home/ann/project',
  busy: false,
};

describe('StatusLine', () => {
  it('shows the model, the approval mode, tokens in and out, and the directory', () => {
    const frame = plain(render(<StatusLine info={base} home="/home/ann" />).lastFrame());
    expect(frame).toContain('anthropic/claude-sonnet-4-5');
    expect(frame).toContain('approval: policy');
    expect(frame).toContain('↑12k ↓678');
    expect(frame).toContain('~/project');
    expect(frame).not.toContain('AUTO');
  });

  it('names the approval mode as lug.opt.approval does: policy, all, off', () => {
    for (const mode of ['policy', 'all', 'off'] as const) {
      expect(plain(render(<StatusLine info={{ ...base, mode }} home="/home/ann" />).lastFrame())).toMatch(new RegExp(`^approval: ${mode} · `));
    }
  });

  it('shows AUTO, and not the approval mode, while auto mode is on', () => {
    const frame = plain(render(<StatusLine info={{ ...base, mode: 'off', auto: true }} />).lastFrame());
    expect(frame).toContain(' AUTO ');
    expect(frame).not.toContain('approval: policy');
  });

  it("keeps AUTO, the approval mode and the directory's end in sight when the line is too long for the terminal", () => {
    const cwd = `/home/ann/${'deeply/nested/'.repeat(12)}project`;
    for (const info of [{ ...base, cwd, mode: 'off' as const, auto: true }, { ...base, cwd }]) {
      const frame = plain(render(<StatusLine info={info} home="/home/ann" />).lastFrame());
      expect(frame.split('\n')).toHaveLength(1);
      expect(frame).toMatch(info.auto ? /^ AUTO / : /^approval: policy · /);
      expect(frame).toMatch(/project$/);
    }
  });

  it('draws AUTO in white on red', () => {
    const frame = render(<StatusLine info={{ ...base, mode: 'off', auto: true }} />).lastFrame()!;
    if (!frame.includes('\x1b[')) return; // no colour in this terminal
    expect(frame).toMatch(/\x1b\[41m.*AUTO/);
  });

  it("shows the session's cost once it has used tokens, and none when a price is unknown", () => {
    expect(plain(render(<StatusLine info={{ ...base, cost: 0.0123 }} />).lastFrame())).toContain('↑12k ↓678 · $0.0123');
    expect(plain(render(<StatusLine info={{ ...base, cost: 0, usage: { inputTokens: 0, outputTokens: 0 } }} />).lastFrame())).not.toContain('$');
    expect(plain(render(<StatusLine info={{ ...base, cost: undefined }} />).lastFrame())).not.toContain('$');
  });

  it('shows cache reads and writes apart from the input tokens', () => {
    const frame = plain(render(<StatusLine info={{ ...base, usage: { inputTokens: 300, outputTokens: 20, cacheReadTokens: 9_000, cacheWriteTokens: 1_000 } }} />).lastFrame());
    expect(frame).toContain('↑300 (+10k cached) ↓20');
  });

  it('gives a statusline function the cost and the cache tokens', async () => {
    const seen: StatuslineContext[] = [];
    render(<StatusLine info={{ ...base, cost: 1.5, usage: { ...base.usage, cacheReadTokens: 7 } }} statusline={(s) => void seen.push(s)} />);
    await settle();
    expect(seen[0]).toMatchObject({ cost: 1.5, tokens_cache_read: 7, tokens_cache_write: 0 });
  });

  it('shows the context in use, and how full it is once the window is known', async () => {
    expect(plain(render(<StatusLine info={{ ...base, context: { tokens: 12_000 } }} />).lastFrame())).toContain('· ctx 12k ·');
    expect(plain(render(<StatusLine info={{ ...base, context: { tokens: 50_000, window: 200_000 } }} />).lastFrame())).toContain('· ctx 50k/200k 25% ·');
    const seen: StatuslineContext[] = [];
    render(<StatusLine info={{ ...base, context: { tokens: 50_000, window: 200_000 } }} statusline={(s) => void seen.push(s)} />);
    await settle();
    expect(seen[0]).toMatchObject({ context_tokens: 50_000, context_window: 200_000, context_percent: 25 });
  });

  it('counts running and background processes', () => {
    const frame = plain(render(<StatusLine info={{ ...base, running: 2, background: 1 }} />).lastFrame());
    expect(frame).toContain('2 running, 1 background');
  });

  it('says when there is no model', () => {
    expect(plain(render(<StatusLine info={{ ...base, model: undefined }} />).lastFrame())).toContain('no model');
  });

  it('is replaced by the statusline option, which gets the numbers it needs', async () => {
    const options = createOptions();
    defineTuiOptions(options);
    const seen: StatuslineContext[] = [];
    options.set('statusline', (s: StatuslineContext) => {
      seen.push(s);
      return `${s.model} | in ${s.tokens_in} out ${s.tokens_out}`;
    });
    const ui = render(<StatusLine info={base} statusline={options.get('statusline')} />);
    await settle();
    const frame = plain(ui.lastFrame());
    expect(frame).toContain('anthropic/claude-sonnet-4-5 | in 12345 out 678');
    expect(frame).not.toContain('approval: policy');
    expect(seen[0]).toMatchObject({ approval: 'policy', auto: false, cwd: '/home/ann/project', running: 0 });
  });

  it('keeps AUTO in front of a custom status line', async () => {
    const ui = render(<StatusLine info={{ ...base, mode: 'off', auto: true }} statusline={() => 'my line'} />);
    await settle();
    expect(plain(ui.lastFrame())).toContain(' AUTO  my line');
  });

  it('follows a statusline function that answers later (a Lua coroutine)', async () => {
    const ui = render(<StatusLine info={base} statusline={async () => 'later'} />);
    await settle();
    expect(plain(ui.lastFrame())).toContain('later');
  });

  it('says so when the statusline function fails', async () => {
    const ui = render(
      <StatusLine
        info={base}
        statusline={() => {
          throw new Error('init.lua:3: attempt to index a nil value');
        }}
      />,
    );
    await settle();
    expect(plain(ui.lastFrame())).toContain('statusline failed: init.lua:3: attempt to index a nil value');
  });

  it('rejects a statusline that is not a function, naming what is allowed', () => {
    const options = createOptions();
    defineTuiOptions(options);
    expect(() => options.set('statusline', 'text')).toThrow(/statusline must be a function, or nil/);
  });
});

describe('a status line worked out before the first frame', () => {
  it('is in the very first frame, and the function is not asked again for the same numbers', async () => {
    let calls = 0;
    const fn = () => `line ${++calls}`;
    const primed = await primeStatusline(fn, base);
    expect(primed).toEqual({ fn, key: statusKey(base), text: 'line 1' });
    const ui = render(<StatusLine info={base} statusline={fn} primed={primed} />);
    expect(plain(ui.frames[0])).toContain('line 1');
    expect(plain(ui.frames[0])).not.toContain('approval: policy');
    await settle();
    expect(calls).toBe(1);
    ui.rerender(<StatusLine info={{ ...base, busy: true }} statusline={fn} primed={primed} />);
    await settle();
    expect(plain(ui.lastFrame())).toContain('line 2');
  });

  it('is not used for other numbers or another function', async () => {
    const primed = await primeStatusline(() => 'old', base);
    const ui = render(<StatusLine info={{ ...base, running: 1 }} statusline={() => 'new'} primed={primed} />);
    await settle();
    expect(plain(ui.lastFrame())).toContain('new');
  });

  it('follows a promise, gives up on a slow function, and reports a failing one', async () => {
    expect((await primeStatusline(async () => 'from Lua', base))?.text).toBe('from Lua');
    expect(await primeStatusline(() => new Promise((r) => setTimeout(() => r('late'), 200)), base, 10)).toBeUndefined();
    const failing = () => {
      throw new Error('init.lua:9: boom');
    };
    expect((await primeStatusline(failing, base))?.text).toBe('statusline failed: init.lua:9: boom');
    expect((await primeStatusline(async () => null, base))?.text).toBe('');
  });
});

describe('status helpers', () => {
  it('formats token counts compactly', () => {
    expect([formatTokens(999), formatTokens(1234), formatTokens(56_789), formatTokens(2_500_000)]).toEqual(['999', '1.2k', '57k', '2.5M']);
  });

  it('shortens a path under HOME only', () => {
    expect(shortenPath('/home/ann/p', '/home/ann')).toBe('~/p');
    expect(shortenPath('/home/annie/p', '/home/ann')).toBe('/home/annie/p');
  });
});

describe('StatusLine: a function reading its own state', () => {
  it('is asked again at each tick, so a counter a hook keeps shows without a change of its table', async () => {
    let count = 0;
    const listeners = new Set<() => void>();
    const ticks = (fn: () => void) => {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    };
    const fn = () => `tools: ${count}`;
    const ui = render(<StatusLine info={base} statusline={fn} ticks={ticks} />);
    await settle();
    expect(plain(ui.lastFrame())).toContain('tools: 0');
    count = 3;
    for (const l of listeners) l();
    await settle();
    expect(plain(ui.lastFrame())).toContain('tools: 3');
  });
});
