/**
 * `lug.ui.confirm` and `lug.ui.notify` in the TUI: the interactive `host.ui`.
 * A confirm shows a yes/no prompt in the live region (one at a time, oldest
 * first) and resolves with the answer; an abort (the turn was cancelled)
 * removes it and answers no.
 */
import React, { useRef, useSyncExternalStore } from 'react';
import { Box, Text, useInput } from 'ink';
import type { EventBus, UiHooks } from '@lug/core';
import { sanitizeText } from './text-layout.js';

interface PendingConfirm {
  id: number;
  message: string;
  resolve(answer: boolean): void;
}

export class ConfirmQueue {
  private items: PendingConfirm[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  getSnapshot = (): PendingConfirm | undefined => this.items[0];

  ask(message: string, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const item: PendingConfirm = { id: this.nextId++, message, resolve };
      const onAbort = () => this.answer(item.id, false);
      item.resolve = (answer) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
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

  /** Answer no to everything waiting (the TUI is closing). */
  clear(): void {
    for (const item of this.items) this.answer(item.id, false);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }
}

/** The interactive `host.ui`: confirms go to the queue, notices to the event stream (and so to the transcript). */
export function interactiveUi(confirms: ConfirmQueue, events: EventBus): UiHooks {
  return {
    interactive: true,
    confirm: (message, signal) => confirms.ask(message, signal),
    notify(message, level = 'info') {
      events.emit('notify', { message, level });
    },
  };
}

export function ConfirmPrompt({ queue, active = true }: { queue: ConfirmQueue; active?: boolean }) {
  const current = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const currentRef = useRef(current);
  currentRef.current = current;
  const activeRef = useRef(active);
  activeRef.current = active;
  useInput(
    (input, key) => {
      const item = currentRef.current;
      if (!item || !activeRef.current) return;
      if (input === 'y' || input === 'Y') queue.answer(item.id, true);
      else if (input === 'n' || input === 'N' || key.escape) queue.answer(item.id, false);
    },
  );
  if (!current) return null;
  return (
    <Box borderStyle="round" borderColor="magenta" paddingX={1} flexDirection="column">
      <Text>{sanitizeText(current.message)}</Text>
      <Text>
        <Text bold color="green">y</Text> yes · <Text bold color="red">n</Text> no (Esc: no)
      </Text>
    </Box>
  );
}
