import { describe, expect, it } from 'vitest';
import { EventBus, LUG_EVENT_TYPES, type LugEventMap } from './events.js';

describe('the event stream', () => {
  it('lists every event name once', () => {
    // A key missing from the list is a type error in events.ts; this catches duplicates.
    expect(new Set(LUG_EVENT_TYPES).size).toBe(LUG_EVENT_TYPES.length);
    const all: Record<keyof LugEventMap, true> = Object.fromEntries(LUG_EVENT_TYPES.map((t) => [t, true])) as never;
    expect(Object.keys(all).length).toBe(19);
  });

  it('delivers to typed and catch-all subscribers, and unsubscribes', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const off = bus.on('notify', (e) => seen.push(`notify:${e.message}`));
    bus.onAny((e) => seen.push(`any:${e.type}`));
    bus.emit('notify', { message: 'hi', level: 'info' });
    off();
    bus.emit('notify', { message: 'again', level: 'info' });
    expect(seen).toEqual(['notify:hi', 'any:notify', 'any:notify']);
  });

  it('reports a failing subscriber as an error event without breaking the emitter', () => {
    const bus = new EventBus();
    const errors: string[] = [];
    bus.on('error', (e) => errors.push(e.message));
    bus.on('turn_start', () => {
      throw new Error('boom');
    });
    bus.emit('turn_start', { prompt: 'x' });
    expect(errors).toEqual(['an event listener for turn_start failed: boom']);
  });
});
