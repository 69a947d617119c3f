/**
 * When a statusline function is asked again besides a change of its table:
 * after the host's events (a hook's counter changes then), but not for each
 * one. A bash command's output (tool_progress) or a subagent's stream
 * (subagent_event wraps each of its events) come by the hundred a second;
 * asking a Lua function and drawing the line for each would put that cost on
 * the hot path. A burst gives one tick, `delayMs` after its first event, so
 * the line still shows what the last event of the burst left.
 */
import type { EventBus, LugEvent } from '@lug/core';
import type { StatusTicks } from './status-line.js';

/** How long a burst of events is gathered into one tick: below what the eye sees as a lag. */
export const STATUS_TICK_MS = 100;

/** A streamed delta (the model's text or thinking, the main agent's or a subagent's) changes no counter a hook keeps. */
function isDelta(event: LugEvent): boolean {
  const inner = event.type === 'subagent_event' ? event.event : event;
  return inner.type.endsWith('_delta');
}

export function coalescedStatusTicks(events: Pick<EventBus, 'onAny'>, delayMs = STATUS_TICK_MS): StatusTicks {
  return (fn) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = events.onAny((event) => {
      if (timer || isDelta(event)) return;
      timer = setTimeout(() => {
        timer = undefined;
        fn();
      }, delayMs);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  };
}
