/**
 * Turns recorded from lug's real parts (the core's scheduler, the stock tools,
 * approvals, a provider against the scripted server), for the interface's
 * tests to replay instead of events written by hand. packages/cli records
 * them (src/recorded/) and fails when one here differs from a fresh recording.
 */
import fs from 'node:fs';
import type { EventBus, LugEvent, Message } from '@lug/core';

export interface Recording {
  about: string;
  prompt: string;
  events: LugEvent[];
  messages: Message[];
}

export type RecordingName =
  | 'streamed-answer'
  | 'bash-in-auto-mode'
  | 'bash-asked-and-allowed'
  | 'write-waits-read-runs'
  | 'read-fails-write-denied'
  | 'cancelled-while-running'
  | 'ls-then-answer'
  | 'read-then-answer'
  | 'forty-calls';

export function recording(name: RecordingName): Recording {
  return JSON.parse(fs.readFileSync(new URL(`./recorded/${name}.json`, import.meta.url), 'utf8')) as Recording;
}

type Match = LugEvent['type'] | ((event: LugEvent) => boolean);

/**
 * Plays a recording's events on an event bus a piece at a time, so a test can
 * look at the screen between them. `turn: false` leaves out turn_start and
 * turn_end, for a session stand-in that emits those itself.
 */
export class Replay {
  private next = 0;
  readonly events: LugEvent[];

  constructor(
    private readonly bus: EventBus,
    source: Recording | RecordingName,
    opts: { turn?: boolean } = {},
  ) {
    const rec = typeof source === 'string' ? recording(source) : source;
    this.events = opts.turn === false ? rec.events.filter((e) => e.type !== 'turn_start' && e.type !== 'turn_end') : rec.events;
  }

  /** Play up to and including the `nth` next event that matches; throws if there is none. */
  through(match: Match, nth = 1): LugEvent {
    const test = typeof match === 'string' ? (e: LugEvent) => e.type === match : match;
    let seen = 0;
    while (this.next < this.events.length) {
      const event = this.events[this.next++]!;
      this.emit(event);
      if (test(event) && ++seen === nth) return event;
    }
    throw new Error(`the recording has no more events matching ${typeof match === 'string' ? match : 'the test'}`);
  }

  /** Play every event before the next one that matches (it stays next). */
  until(match: Match): void {
    const test = typeof match === 'string' ? (e: LugEvent) => e.type === match : match;
    while (this.next < this.events.length && !test(this.events[this.next]!)) this.emit(this.events[this.next++]!);
  }

  /** Play the rest. */
  rest(): void {
    while (this.next < this.events.length) this.emit(this.events[this.next++]!);
  }

  private emit(event: LugEvent): void {
    const { type, ...payload } = event;
    this.bus.emit(type, payload as never);
  }
}
