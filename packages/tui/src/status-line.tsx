/**
 * The status line: model, approval mode (a loud AUTO while auto mode is on),
 * tokens in and out, running and background processes, and the directory.
 * `lug.opt.statusline` may replace it with a function's string; AUTO stays in
 * front of it whatever the function returns, because running without asking
 * must never be missed.
 */
import React, { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import type { ApprovalMode, Usage } from '@lug/core';
import { oneLine } from './text-layout.js';

export interface StatusInfo {
  model: string | undefined;
  mode: ApprovalMode;
  auto: boolean;
  usage: Usage;
  /** Processes of running calls. */
  running: number;
  /** Processes left in the background. */
  background: number;
  cwd: string;
  /** A turn is running. */
  busy: boolean;
}

/** What a statusline function receives (a Lua table when set from Lua). */
export interface StatuslineContext {
  model: string | null;
  approval: ApprovalMode;
  auto: boolean;
  tokens_in: number;
  tokens_out: number;
  running: number;
  background: number;
  cwd: string;
  busy: boolean;
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

export function statuslineContext(info: StatusInfo): StatuslineContext {
  return {
    model: info.model ?? null,
    approval: info.mode,
    auto: info.auto,
    tokens_in: info.usage.inputTokens,
    tokens_out: info.usage.outputTokens,
    running: info.running,
    background: info.background,
    cwd: info.cwd,
    busy: info.busy,
  };
}

/** The text a statusline function gives, following a promise (a Lua function may yield). */
function useCustomStatus(fn: StatuslineFn | null | undefined, info: StatusInfo): string | undefined {
  const [text, setText] = useState<string | undefined>(undefined);
  const key = JSON.stringify(info);
  useEffect(() => {
    if (!fn) return setText(undefined);
    let live = true;
    const show = (value: unknown) => {
      if (live) setText(value === undefined || value === null ? '' : String(value));
    };
    const fail = (err: unknown) => {
      if (live) setText(`statusline failed: ${err instanceof Error ? err.message : String(err)}`);
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

export interface StatusLineProps {
  info: StatusInfo;
  width?: number;
  /** `lug.opt.statusline`: replaces the line with the string it returns. */
  statusline?: StatuslineFn | null;
  home?: string;
}

export function StatusLine({ info, width = 80, statusline, home }: StatusLineProps) {
  const custom = useCustomStatus(statusline, info);
  const auto = info.auto ? (
    <Text backgroundColor="red" color="white" bold>
      {' AUTO '}
    </Text>
  ) : null;
  if (custom !== undefined) {
    return (
      <Box>
        <Text wrap="truncate-end">
          {auto}
          {auto ? ' ' : ''}
          {oneLine(custom, width)}
        </Text>
      </Box>
    );
  }
  const procs = [info.running ? `${info.running} running` : '', info.background ? `${info.background} background` : ''].filter(Boolean).join(', ');
  const tokens = `↑${formatTokens(info.usage.inputTokens)} ↓${formatTokens(info.usage.outputTokens)}`;
  return (
    <Box>
      <Text wrap="truncate-start">
        {auto ?? <Text dimColor>{info.mode === 'all' ? 'approval: all' : 'approval: ask'}</Text>}
        <Text dimColor> · </Text>
        <Text color={info.model ? 'cyan' : 'yellow'}>{info.model ?? 'no model'}</Text>
        <Text dimColor> · {tokens}</Text>
        {procs ? <Text color="magenta"> · {procs}</Text> : null}
        <Text dimColor> · {shortenPath(info.cwd, home)}</Text>
      </Text>
    </Box>
  );
}
