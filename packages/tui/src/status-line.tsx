/**
 * The status line: model, approval mode (a loud AUTO while auto mode is on),
 * tokens in and out (cache reads apart), the share of the context window used, the session's cost, running and
 * background processes, and the directory.
 * `lug.opt.statusline` may replace it with a function's string; AUTO stays in
 * front of it whatever the function returns, because running without asking
 * must never be missed. So does the sandbox: its mode whenever it is not
 * off, and "AUTO · unsandboxed" while auto mode runs without it.
 */
import React, { useEffect, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { formatCost, type ApprovalMode, type Usage } from '@lug/core';
import { oneLine } from './text-layout.js';
import { useHighlight } from './highlight-context.js';

export interface StatusInfo {
  model: string | undefined;
  mode: ApprovalMode;
  auto: boolean;
  usage: Usage;
  /** The session's cost in US dollars; undefined when a price is not known. */
  cost: number | undefined;
  /** How full the model's context is; undefined before the first request. */
  context?: ContextUse;
  /** Processes of running calls. */
  running: number;
  /** Processes left in the background. */
  background: number;
  cwd: string;
  /** A turn is running. */
  busy: boolean;
  /** lug.opt.sandbox ("off", "workspace", "read-only"); absent where the host has no sandbox option (nothing is shown). */
  sandbox?: string;
  /** The input's vi mode (`lug.opt.input = "vi"`); undefined otherwise. */
  inputMode?: 'insert' | 'normal';
  /** Marks plugins show in front (`lug.ui.badge`: PLAN in plan mode). */
  badges?: readonly string[];
}

/** What a statusline function receives (a Lua table when set from Lua). */
export interface StatuslineContext {
  model: string | null;
  approval: ApprovalMode;
  auto: boolean;
  tokens_in: number;
  tokens_out: number;
  /** Input tokens read from and written to the provider's cache (not in tokens_in). */
  tokens_cache_read: number;
  tokens_cache_write: number;
  /** The session's cost in US dollars; nil when a price is not known. */
  cost: number | null;
  /** Tokens of the last request's prompt (the context in use); nil before the first request. */
  context_tokens: number | null;
  /** Tokens the model's context window holds, and the share in use (0 to 100); nil when not known. */
  context_window: number | null;
  context_percent: number | null;
  running: number;
  background: number;
  cwd: string;
  busy: boolean;
  /** "insert" or "normal" with lug.opt.input = "vi"; nil otherwise. */
  input_mode: 'insert' | 'normal' | null;
  /** The marks plugins show in front of the line (lug.ui.badge), e.g. { "PLAN" }. */
  badges: string[];
}

export type StatuslineFn = (ctx: StatuslineContext) => unknown;

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** `/home/me/project` as `~/project` when under HOME. */
export function shortenPath(cwd: string, home: string | undefined): string {
  if (home && home !== '/' && (cwd === home || cwd.startsWith(home + '/'))) return `~${cwd.slice(home.length)}`;
  return cwd;
}

/**
 * How full the context is: the tokens of the last request's prompt (input,
 * cache reads and writes), and, when known, the window they fill. The window
 * (or a percentage worked out elsewhere) comes from the core's context
 * accounting (its `context` event), else from `TuiController.setContextWindow(tokens)`.
 */
export interface ContextUse {
  tokens: number;
  window?: number;
  /** A share in use computed by whoever knows better (the context issue's accounting); else tokens / window. */
  percent?: number;
}

export function contextPercent(context: ContextUse): number | undefined {
  if (context.percent !== undefined) return Math.round(context.percent);
  return context.window ? Math.round((100 * context.tokens) / context.window) : undefined;
}

/** "ctx 12k", or "ctx 12k/200k 6%" once the window is known. */
export function contextText(context: ContextUse | undefined): string | undefined {
  if (!context) return undefined;
  const percent = contextPercent(context);
  const window = context.window ? `/${formatTokens(context.window)}` : '';
  return `ctx ${formatTokens(context.tokens)}${window}${percent !== undefined ? ` ${percent}%` : ''}`;
}

/** The cost once the session has used tokens and every price was known; nothing before the first request or when a price is unknown. */
export function costText(info: Pick<StatusInfo, 'cost' | 'usage'>): string | undefined {
  if (info.cost === undefined) return undefined;
  if (info.cost === 0 && info.usage.inputTokens + info.usage.outputTokens === 0) return undefined;
  return formatCost(info.cost);
}

export function statuslineContext(info: StatusInfo): StatuslineContext {
  return {
    model: info.model ?? null,
    approval: info.mode,
    auto: info.auto,
    tokens_in: info.usage.inputTokens,
    tokens_out: info.usage.outputTokens,
    tokens_cache_read: info.usage.cacheReadTokens ?? 0,
    tokens_cache_write: info.usage.cacheWriteTokens ?? 0,
    cost: info.cost ?? null,
    context_tokens: info.context?.tokens ?? null,
    context_window: info.context?.window ?? null,
    context_percent: info.context ? (contextPercent(info.context) ?? null) : null,
    running: info.running,
    background: info.background,
    cwd: info.cwd,
    badges: [...(info.badges ?? [])],
    busy: info.busy,
    input_mode: info.inputMode ?? null,
  };
}

function statusText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function failureText(err: unknown): string {
  return `statusline failed: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * A statusline function's text worked out before the first frame (startTui),
 * so that frame already shows the user's line instead of the stock one
 * followed, a frame later, by theirs. Used only while `fn` and `key` still
 * match what the line is drawn with.
 */
export interface PrimedStatus {
  fn: StatuslineFn;
  key: string;
  text: string;
}

/** What identifies the numbers a status line was drawn with. */
export function statusKey(info: StatusInfo): string {
  return JSON.stringify(info);
}

/**
 * Call `fn` for `info` ahead of the first frame. Resolves undefined when the
 * function takes longer than `waitMs` (a Lua function waiting on something):
 * the line then fills in after the first frame, as it would have anyway.
 */
export async function primeStatusline(fn: StatuslineFn, info: StatusInfo, waitMs = 50): Promise<PrimedStatus | undefined> {
  const key = statusKey(info);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const value = fn(statuslineContext(info));
    const text = Promise.resolve(value).then(statusText, failureText);
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
    });
    const result = await Promise.race([text, late]);
    return result === undefined ? undefined : { fn, key, text: result };
  } catch (err) {
    return { fn, key, text: failureText(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** The text a statusline function gives, following a promise (a Lua function may yield). */
function useCustomStatus(fn: StatuslineFn | null | undefined, info: StatusInfo, primed?: PrimedStatus, ticks?: StatusTicks): string | undefined {
  // The function may read what its table does not hold (a counter a hook keeps): it is asked again at every tick too.
  const [tick, setTick] = useState(0);
  useEffect(() => (fn && ticks ? ticks(() => setTick((n) => n + 1)) : undefined), [fn, ticks]);
  const base = statusKey(info);
  const key = `${base}#${tick}`;
  const usePrimed = !!fn && primed?.fn === fn && primed.key === base && tick === 0;
  const [text, setText] = useState<string | undefined>(usePrimed ? primed!.text : undefined);
  // The primed text is this very call's answer: skip asking again on mount.
  const skipFirst = useRef(usePrimed);
  useEffect(() => {
    if (!fn) return setText(undefined);
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let live = true;
    const show = (value: unknown) => {
      if (live) setText(statusText(value));
    };
    const fail = (err: unknown) => {
      if (live) setText(failureText(err));
    };
    try {
      const value = fn(statuslineContext(info));
      if (value && typeof (value as Promise<unknown>).then === 'function') (value as Promise<unknown>).then(show, fail);
      else show(value);
    } catch (err) {
      fail(err);
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fn, key]);
  return fn ? text : undefined;
}

/** Subscribe to the moments a statusline function is asked again (the host's events but text deltas); returns the unsubscriber. */
export type StatusTicks = (fn: () => void) => () => void;

export interface StatusLineProps {
  info: StatusInfo;
  /** When to ask the statusline function again besides a change of its table. */
  ticks?: StatusTicks;
  width?: number;
  /** `lug.opt.statusline`: replaces the line with the string it returns. */
  statusline?: StatuslineFn | null;
  home?: string;
  /** The statusline function's first text, worked out before the first frame. */
  primed?: PrimedStatus;
}

type TextStyle = ReturnType<typeof useHighlight>;

/** AUTO and the sandbox's mode, which no statusline function can hide; null when auto mode is off and nothing is sandboxed. */
function autoMark(info: StatusInfo, autoStyle: TextStyle): React.ReactElement | null {
  const sandboxed = info.sandbox !== undefined && info.sandbox !== 'off';
  // Auto mode without the sandbox can change anything the user can: the line says so; a sandbox in force is always shown.
  return info.auto ? (
    <Text>
      <Text {...autoStyle}>{' AUTO '}</Text>
      {info.sandbox === 'off' ? <Text color="red"> · unsandboxed</Text> : null}
      {sandboxed ? <Text color="green"> · sandbox: {info.sandbox}</Text> : null}
    </Text>
  ) : sandboxed ? (
    <Text color="green">sandbox: {info.sandbox}</Text>
  ) : null;
}

/** Plugins' marks (`lug.ui.badge`); null when there are none. */
function badgeMarks(badges: readonly string[] | undefined, autoStyle: TextStyle): React.ReactElement | null {
  return badges?.length ? (
    <Text>
      {badges.map((b, i) => (
        <Text key={i} {...autoStyle}>{` ${oneLine(b, 20)} `}</Text>
      ))}{' '}
    </Text>
  ) : null;
}

export function StatusLine({ info, width = 80, statusline, home, primed, ticks }: StatusLineProps) {
  const custom = useCustomStatus(statusline, info, primed, ticks);
  const autoStyle = useHighlight('status_auto');
  const text = useHighlight('status');
  const modelStyle = useHighlight('status_model');
  const auto = autoMark(info, autoStyle);
  // Plugins' marks (PLAN) go in front of either line, as AUTO does.
  const badges = badgeMarks(info.badges, autoStyle);
  if (custom !== undefined) {
    return (
      <Box>
        <Text wrap="truncate-end">
          {badges}
          {auto}
          {auto ? ' ' : ''}
          {oneLine(custom, width)}
        </Text>
      </Box>
    );
  }
  const procs = [info.running ? `${info.running} running` : '', info.background ? `${info.background} background` : ''].filter(Boolean).join(', ');
  const cached = (info.usage.cacheReadTokens ?? 0) + (info.usage.cacheWriteTokens ?? 0);
  const tokens = `↑${formatTokens(info.usage.inputTokens)}${cached ? ` (+${formatTokens(cached)} cached)` : ''} ↓${formatTokens(info.usage.outputTokens)}`;
  const cost = costText(info);
  const context = contextText(info.context);
  // Too long for the terminal, the line is cut in its middle: its start (AUTO, the approval mode: what the line is
  // there to say above all) and its end (the directory) stay. Cut at its start, a long directory pushed the mode out
  // of sight; cut at its end, the directory went.
  return (
    <Box>
      <Text wrap="truncate-middle">
        {badges}
        {info.inputMode === 'normal' ? <Text bold>NORMAL </Text> : info.inputMode === 'insert' ? <Text {...text}>INSERT </Text> : null}
        {info.auto ? auto : <Text {...text}>approval: {info.mode}</Text>}
        {!info.auto && auto ? (
          <Text>
            <Text {...text}> · </Text>
            {auto}
          </Text>
        ) : null}
        <Text {...text}> · </Text>
        {info.model ? <Text {...modelStyle}>{info.model}</Text> : <Text color="yellow">no model</Text>}
        <Text {...text}> · {tokens}</Text>
        {context ? <Text {...text}> · {context}</Text> : null}
        {cost ? <Text {...text}> · {cost}</Text> : null}
        {procs ? <Text color="magenta"> · {procs}</Text> : null}
        <Text {...text}> · {shortenPath(info.cwd, home)}</Text>
      </Text>
    </Box>
  );
}
