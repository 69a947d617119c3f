/**
 * `host.ui`, the hook through which lug asks and tells the user
 * (`lug.ui.confirm`/`notify`, approvals' warnings). It is chosen when the host
 * is made and never replaced: headless, a confirm answers no with a notice;
 * interactive, while an interface serves the queue (`ui.confirms.serve()`),
 * confirms wait in it until the interface shows them (one at a time, oldest
 * first) and answers them. Before an interface serves it (init.lua runs before
 * the interface starts) and after it stops, a confirm answers no with a
 * notice, as headless: waiting for nobody would stall start-up.
 */
import type { EventBus, PlanEntry } from './events.js';

export type NoticeLevel = 'info' | 'warn' | 'error';

interface UiBase {
  confirm(message: string, signal?: AbortSignal): Promise<boolean>;
  notify(message: string, level?: NoticeLevel): void;
  /** Show the panel `name` (lines above the input), or take it away with undefined; headless, nothing is shown. */
  panel(name: string, lines: readonly string[] | undefined): void;
  /** Show the mark `name` in front of the status line (`PLAN`), or take it away with undefined; headless, nothing is shown. */
  badge(name: string, text: string | undefined): void;
  /**
   * The steps of the work as they stand now, the whole list (an empty one when
   * there is none): a `plan` event, which an editor shows as its plan (ACP) and
   * stream-json writes as a line.
   */
  plan(entries: readonly PlanEntry[]): void;
}

/** Nobody can answer (`lug -p`, a headless agent): a confirm answers no, with a notice saying so. */
export interface HeadlessUi extends UiBase {
  readonly interactive: false;
}

/** A person can answer: confirms wait in `confirms` for the interface to serve them. */
export interface InteractiveUi extends UiBase {
  readonly interactive: true;
  readonly confirms: ConfirmQueue;
  /** The panels an interface shows above its input, in the order they were first set. */
  readonly panels: PanelBoard;
  /** The marks an interface shows in front of its status line, each a panel of one line. */
  readonly badges: PanelBoard;
}

export interface Panel {
  name: string;
  lines: readonly string[];
}

/** At most this many lines a panel: a panel is a glance above the input, not a page. */
export const PANEL_MAX_LINES = 12;

/**
 * Panels above the input (`lug.ui.panel`): a plugin's few lines, such as the
 * todo list while a turn runs. An interface subscribes and shows
 * `getSnapshot()`; setting a name again replaces its lines in place.
 */
export class PanelBoard {
  private panels: Panel[] = [];
  private listeners = new Set<() => void>();

  set(name: string, lines: readonly string[] | undefined): void {
    if (typeof name !== 'string' || !name) throw new TypeError(`a panel's name is a non-empty text, got ${JSON.stringify(name)}`);
    if (lines !== undefined && (!Array.isArray(lines) || !lines.every((l) => typeof l === 'string'))) throw new TypeError(`panel "${name}" takes a list of lines (texts)`);
    const at = this.panels.findIndex((p) => p.name === name);
    if (lines === undefined || lines.length === 0) {
      if (at < 0) return;
      this.panels = this.panels.filter((_, i) => i !== at);
    } else {
      const panel = { name, lines: lines.slice(0, PANEL_MAX_LINES) };
      this.panels = at < 0 ? [...this.panels, panel] : this.panels.map((p, i) => (i === at ? panel : p));
    }
    for (const fn of [...this.listeners]) fn();
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): readonly Panel[] => this.panels;
}

export type UiHooks = HeadlessUi | InteractiveUi;

export interface PendingConfirm {
  id: number;
  message: string;
}

interface Waiting extends PendingConfirm {
  resolve(answer: boolean): void;
}

/**
 * The confirms waiting for an answer, oldest first. An interface calls
 * `serve()`, subscribes, shows `getSnapshot()` and calls `answer`; an aborted
 * signal answers no and removes the confirm; `clear()` answers no to all.
 */
export class ConfirmQueue {
  private items: Waiting[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;
  private servers = 0;

  /** True while an interface serves the queue. */
  get served(): boolean {
    return this.servers > 0;
  }

  /** An interface shows and answers the confirms from now on. The function returned stops that, answering no to what still waits. */
  serve(): () => void {
    this.servers += 1;
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.servers -= 1;
      if (!this.served) this.clear();
    };
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  /** The oldest confirm waiting, or undefined. */
  getSnapshot = (): PendingConfirm | undefined => this.items[0];

  /** Every confirm waiting, oldest first. */
  pending(): PendingConfirm[] {
    return this.items.map(({ id, message }) => ({ id, message }));
  }

  ask(message: string, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = () => this.answer(item.id, false);
      const item: Waiting = {
        id: this.nextId++,
        message,
        resolve: (answer) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(answer);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.items = [...this.items, item];
      this.changed();
    });
  }

  answer(id: number, yes: boolean): void {
    const item = this.items.find((i) => i.id === id);
    if (!item) return;
    this.items = this.items.filter((i) => i !== item);
    this.changed();
    item.resolve(yes);
  }

  /** Answer no to everything waiting (the interface is closing). */
  clear(): void {
    for (const item of this.items) this.answer(item.id, false);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}

function notifier(events: EventBus): UiBase['notify'] {
  return (message, level = 'info') => events.emit('notify', { message, level });
}

function planner(events: EventBus): UiBase['plan'] {
  return (entries) => events.emit('plan', { entries: entries.map((e) => ({ ...e })) });
}

export function headlessUi(events: EventBus): HeadlessUi {
  return Object.freeze({
    interactive: false as const,
    async confirm(message: string) {
      events.emit('notify', { message: `confirm answered "no" (headless, nobody can answer): ${message}`, level: 'warn' });
      return false;
    },
    notify: notifier(events),
    plan: planner(events),
    panel() {},
    badge() {},
  });
}

/** Confirms go to the queue an interface serves (answered no while none does); notices to the event stream (and so to the transcript). */
export function interactiveUi(events: EventBus, confirms: ConfirmQueue = new ConfirmQueue()): InteractiveUi {
  const panels = new PanelBoard();
  const badges = new PanelBoard();
  return Object.freeze({
    interactive: true as const,
    confirms,
    panels,
    badges,
    badge: (name: string, text: string | undefined) => badges.set(name, text === undefined ? undefined : [text]),
    panel: (name: string, lines: readonly string[] | undefined) => panels.set(name, lines),
    async confirm(message: string, signal?: AbortSignal) {
      if (confirms.served) return confirms.ask(message, signal);
      events.emit('notify', { message: `confirm answered "no" (the interface is not showing confirms yet, or any more): ${message}`, level: 'warn' });
      return false;
    },
    notify: notifier(events),
    plan: planner(events),
  });
}
