/**
 * Plugins' state across `:rewind` and `:fork`. A session file holds the
 * state records where they happened, between the messages, so the state a
 * prompt found is the state after the records before it (StoredSession's
 * stateAt). A rewind writes the records that take the state back to that;
 * a fork writes them before each prompt it copies, so a rewind in the new
 * file finds them too.
 */
import type { Message } from './messages.js';
import type { SessionLine, SessionStore } from './session-store.js';
import { stateChanges, type SessionState, type StateValue } from './session-state.js';

export type StateEntries = [string, StateValue][];

/** The state each prompt of session `id` found, from its file; none when the file cannot be read (it is not made yet, or it is damaged). */
export function promptStates(store: SessionStore, id: string): (index: number) => StateEntries | undefined {
  try {
    return store.load(id).stateAt;
  } catch {
    return () => undefined;
  }
}

/** The records of `messages` with, before each prompt, the state records that bring the state to what that prompt found, then those that bring it to `now`. */
export function messagesWithState(messages: readonly Message[], stateAt: (index: number) => StateEntries | undefined, now: StateEntries): SessionLine[] {
  const lines: SessionLine[] = [];
  let written: StateEntries = [];
  const moveTo = (state: StateEntries) => {
    for (const [key, value] of stateChanges(written, state)) lines.push({ type: 'state', key, value });
    written = state;
  };
  messages.forEach((message, i) => {
    const then = message.role === 'user' ? stateAt(i) : undefined;
    if (then) moveTo(then);
    lines.push({ type: 'message', message });
  });
  moveTo(now);
  return lines;
}

/** Take `state` back to `then` (its listeners hear it replaced); returns the records that tell the file so, key by key. */
export function restoreState(state: SessionState, then: StateEntries): SessionLine[] {
  const changes = stateChanges(state.entries(), then);
  state.replace(then);
  return changes.map(([key, value]) => ({ type: 'state', key, value }));
}
