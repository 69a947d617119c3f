import { EventBus, type CallInfo, type AgentRef } from '@lug/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedStatusTicks, STATUS_TICK_MS } from './status-ticks.js';

const call = { id: 'c1', name: 'bash', args: {} } as unknown as CallInfo;
const agent = { id: 'a1', name: 'explore' } as unknown as AgentRef;

describe('coalescedStatusTicks', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function counting() {
    const events = new EventBus();
    let ticks = 0;
    const off = coalescedStatusTicks(events)(() => ticks++);
    return { events, off, ticks: () => ticks };
  }

  it('gives one tick for a burst of events (a command streaming its output), after the burst', () => {
    const { events, ticks } = counting();
    for (let i = 0; i < 500; i++) events.emit('tool_progress', { call, progress: { output: `line ${i}\n` } as never });
    expect(ticks()).toBe(0);
    vi.advanceTimersByTime(STATUS_TICK_MS);
    expect(ticks()).toBe(1);
    events.emit('tool_result', { call, content: 'ok', isError: false, outcome: 'done', durationMs: 1 });
    vi.advanceTimersByTime(STATUS_TICK_MS);
    expect(ticks()).toBe(2);
  });

  it('gives no tick for streamed deltas, the main agent\'s or a subagent\'s', () => {
    const { events, ticks } = counting();
    events.emit('text_delta', { text: 'a' });
    events.emit('reasoning_delta', { text: 'b' });
    events.emit('subagent_event', { agent, event: { type: 'text_delta', text: 'c' } });
    vi.advanceTimersByTime(STATUS_TICK_MS * 2);
    expect(ticks()).toBe(0);
    events.emit('subagent_event', { agent, event: { type: 'tool_start', call } });
    vi.advanceTimersByTime(STATUS_TICK_MS);
    expect(ticks()).toBe(1);
  });

  it('drops a pending tick once unsubscribed', () => {
    const { events, off, ticks } = counting();
    events.emit('tool_start', { call });
    off();
    vi.advanceTimersByTime(STATUS_TICK_MS * 2);
    expect(ticks()).toBe(0);
  });
});
