/** What the status line is drawn from, gathered from the controller: the stock line's numbers, or `lug.opt.statusline`. */
import type { TuiController } from './controller.js';
import type { StatusInfo, StatuslineFn } from './status-line.js';
import type { TranscriptSnapshot } from './transcript-items.js';

/** The transcript's part of the status line: its totals, whether a turn runs, and the context in use. */
type TranscriptStatus = Pick<TranscriptSnapshot, 'usage' | 'running' | 'cost' | 'contextTokens' | 'context'>;

export function statusInfo(c: TuiController, { usage, running: busy, cost, contextTokens, context: share }: TranscriptStatus): StatusInfo {
  const inputMode = c.input.viMode();
  // The core's accounting when it has spoken (tokens the next request uses, the model's window); else the last prompt's tokens.
  const context = share
    ? { tokens: share.used, window: share.window, percent: share.fraction * 100 }
    : contextTokens !== undefined
      ? { tokens: contextTokens, ...(c.contextWindow ? { window: c.contextWindow } : {}) }
      : undefined;
  return {
    ...(inputMode ? { inputMode } : {}),
    ...(context ? { context } : {}),
    model: c.session.modelName(),
    mode: c.approvals.mode(),
    auto: c.approvals.isAuto(),
    usage,
    cost,
    running: c.processes.running(),
    background: c.processes.background(),
    cwd: c.host.cwd,
    busy,
    sandbox: c.host.options.has('sandbox') ? c.host.options.get<string>('sandbox') : 'off',
    badges: c.badges.getSnapshot().map((b) => b.lines[0] ?? ''),
  };
}

/** `lug.opt.statusline`, or null for the stock line. */
export function statuslineOption(c: TuiController): StatuslineFn | null {
  return c.host.options.has('statusline') ? (c.host.options.get<StatuslineFn | null>('statusline') ?? null) : null;
}
