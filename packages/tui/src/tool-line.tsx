/**
 * One tool call in one line: its state, the tool, its title (what the tool
 * says the call is about) and how it went. Ctrl-O (or `:expand`) prints the
 * full result below.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { denialText } from '@lug/core';
import type { CallState, CallView } from './call-views.js';
import type { SubagentLine } from './subagent-views.js';
import { oneLine, sanitizeText } from './text-layout.js';

const ICON: Record<CallState, { icon: string; color: string }> = {
  waiting: { icon: '○', color: 'gray' },
  asking: { icon: '?', color: 'yellow' },
  running: { icon: '●', color: 'cyan' },
  done: { icon: '✓', color: 'green' },
  failed: { icon: '✗', color: 'red' },
  denied: { icon: '⊘', color: 'yellow' },
  cancelled: { icon: '⊘', color: 'gray' },
};

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
}

function stateText(call: CallView, now: number): string {
  switch (call.state) {
    case 'waiting':
      return 'waiting';
    case 'asking':
      return 'asking';
    case 'running':
      return `running ${formatDuration(now - (call.startedAt ?? now))}${call.progress ? ` · ${call.progress}` : ''}`;
    case 'done':
      return [call.summary, call.durationMs !== undefined ? formatDuration(call.durationMs) : undefined].filter(Boolean).join(' · ');
    case 'failed':
      return `failed${call.summary ? `: ${call.summary}` : ''}`;
    case 'denied':
      return denialText(call.reason ?? call.summary);
    case 'cancelled':
      return 'cancelled';
  }
}

export interface ToolLineProps {
  call: CallView;
  width: number;
  /** Clock for the elapsed time of a running call. */
  now?: number;
  /**
   * The call the dialog shows now. Another call that asks is drawn as
   * waiting: one call asks at a time, the rest wait behind it.
   */
  askingId?: string;
}

export function ToolLine({ call: shownCall, width, now = Date.now(), askingId }: ToolLineProps) {
  const behindTheDialog = shownCall.state === 'asking' && askingId !== undefined && shownCall.id !== askingId;
  const call: CallView = behindTheDialog ? { ...shownCall, state: 'waiting' } : shownCall;
  const { icon, color } = ICON[call.state];
  const state = stateText(call, now);
  const budget = Math.max(10, width - call.tool.length - 6 - Math.min(state.length, Math.floor(width / 2)));
  const arg = oneLine(call.title, budget);
  const stateColor = call.state === 'failed' ? 'red' : call.state === 'denied' ? 'yellow' : undefined;
  const line = (
    <Box>
      <Text wrap="truncate-end">
        <Text color={color}>{icon} </Text>
        <Text bold>{call.tool}</Text>
        {arg ? <Text> {arg}</Text> : null}
        <Text color={stateColor} dimColor={!stateColor}>
          {'  '}
          {oneLine(state, Math.max(10, width - call.tool.length - arg.length - 6))}
        </Text>
      </Text>
    </Box>
  );
  if (!call.subagents?.length) return line;
  return (
    <Box flexDirection="column">
      {line}
      {call.subagents.map((agent) => (
        <SubagentRow key={agent.id} agent={agent} width={width} now={now} expanded={!!call.expanded} />
      ))}
    </Box>
  );
}

const AGENT_ICON: Record<SubagentLine['state'], { icon: string; color: string }> = {
  running: { icon: '●', color: 'cyan' },
  done: { icon: '✓', color: 'green' },
  failed: { icon: '✗', color: 'red' },
  cancelled: { icon: '⊘', color: 'gray' },
};

/** A subagent under its call: one line with its current step; expanded (Ctrl-O), its own calls below it. */
function SubagentRow({ agent, width, now, expanded }: { agent: SubagentLine; width: number; now: number; expanded: boolean }) {
  const { icon, color } = AGENT_ICON[agent.state];
  const label = oneLine(agent.label, 30);
  const hint = !expanded && agent.calls.length && agent.state === 'running' ? '  (Ctrl-O: its calls)' : '';
  return (
    <Box flexDirection="column" marginLeft={2}>
      <Text wrap="truncate-end">
        <Text dimColor>↳ </Text>
        <Text color={color}>{icon} </Text>
        <Text color="magenta">{label}</Text>
        <Text dimColor>
          {'  '}
          {oneLine(agent.step, Math.max(10, width - label.length - 8 - hint.length))}
          {hint}
        </Text>
      </Text>
      {expanded ? (
        <Box flexDirection="column" marginLeft={4}>
          {agent.calls.map((c) => (
            <ToolLine key={c.id} call={c} width={Math.max(20, width - 6)} now={now} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** The full result of a call, printed on request (Ctrl-O or :expand). */
export function ToolResult({ call, width }: { call: CallView; width: number }) {
  const content = sanitizeText(call.result ?? '');
  return (
    <Box flexDirection="column" marginLeft={2} borderStyle="single" borderLeft borderRight={false} borderTop={false} borderBottom={false} borderColor="gray">
      <Text dimColor wrap="truncate-end">
        {call.tool} {oneLine(call.title, width - call.tool.length - 8)}
      </Text>
      <Text color={call.state === 'failed' ? 'red' : undefined}>{content.trimEnd() || '(no output)'}</Text>
    </Box>
  );
}
