/** The status line shows the OS sandbox whenever it is on, and says "unsandboxed" in auto mode when it is off. */
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { StatusLine, type StatusInfo } from './status-line.js';
import { plain, settle } from './test-support/ink.js';

afterEach(() => cleanup());

const base: StatusInfo = {
  model: 'anthropic/claude-sonnet-4-5',
  mode: 'policy',
  auto: false,
  usage: { inputTokens: 0, outputTokens: 0 },
  cost: undefined,
  running: 0,
  background: 0,
  cwd: '/p',
  busy: false,
};
const frame = (info: Partial<StatusInfo>, statusline?: () => string) => plain(render(<StatusLine info={{ ...base, ...info }} statusline={statusline} width={120} />).lastFrame());

describe('the status line and the sandbox', () => {
  it('says AUTO · unsandboxed in auto mode with the sandbox off, even before a custom line', async () => {
    expect(frame({ auto: true, mode: 'off', sandbox: 'off' })).toMatch(/^ AUTO  · unsandboxed · /);
    const custom = render(<StatusLine info={{ ...base, auto: true, mode: 'off', sandbox: 'off' }} statusline={() => 'mine'} width={120} />);
    await settle();
    expect(plain(custom.lastFrame())).toBe(' AUTO  · unsandboxed mine');
  });

  it('shows the mode whenever the sandbox is on, in auto mode or not', () => {
    expect(frame({ auto: true, mode: 'off', sandbox: 'workspace' })).toMatch(/^ AUTO  · sandbox: workspace · /);
    expect(frame({ sandbox: 'read-only' })).toMatch(/^approval: policy · sandbox: read-only · /);
  });

  it('shows nothing of the sandbox while it is off and auto mode is too', () => {
    expect(frame({ sandbox: 'off' })).not.toMatch(/sandbox/);
  });
});
