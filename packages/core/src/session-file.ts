/**
 * A session's file in the store. It is made with the model's first answer,
 * not before: the plugin state goes in first, then the prompts that waited for
 * that answer, then each record as it happens.
 */
import type { LugHost } from './host.js';
import type { Message, Usage } from './messages.js';
import type { SessionLine, SessionStore } from './session-store.js';
import type { StateChange } from './session-state.js';

interface SessionFileDeps {
  /** None: the session keeps no file (a test's, a helper's). */
  store: SessionStore | undefined;
  host: Pick<LugHost, 'cwd' | 'state'>;
  /** Whether the session fills and saves host.state. */
  ownsState: boolean;
  /** The conversation's id now (`:fork`, `:clear` and `:resume` change it). */
  id(): string;
  /** Every request's tokens so far and their cost (undefined: not known), as a usage record keeps them. */
  spent(): { usage: Usage; cost: number | undefined };
}

export class SessionFile {
  /** Messages of a conversation whose file is not made yet (no answer from a model so far). */
  private unsaved: Message[] = [];

  constructor(
    private readonly deps: SessionFileDeps,
    /** Whether the file exists (a resumed conversation's does). */
    private made: boolean,
  ) {}

  /** Whether the file exists. */
  get created(): boolean {
    return this.made;
  }

  /** A message joins the file, or waits for the model's first answer; true when this one made the file. */
  message(message: Message): boolean {
    if (!this.deps.store) return false;
    if (!this.created && message.role !== 'assistant') {
      this.unsaved.push(message);
      return false;
    }
    const creates = !this.created;
    this.write({ type: 'message', message });
    return creates;
  }

  /** Write a record to the session file, creating it (with the messages that waited) if need be. */
  write(line: SessionLine): void {
    const { store } = this.deps;
    if (!store) return;
    if (!this.created) {
      store.create(this.deps.id(), this.deps.host.cwd);
      this.made = true;
      // The state goes first, as the prompts that waited for the model's first answer found it, then those prompts.
      this.writeStateSnapshot();
      for (const message of this.unsaved.splice(0)) store.append(this.deps.id(), { type: 'message', message });
    }
    store.append(this.deps.id(), line);
  }

  /** A plugin changed its state: the file keeps it (once the file exists; it is made with every key then). */
  saveState(change: StateChange): void {
    if ('replaced' in change || !this.deps.store || !this.created) return;
    // Only the state of the conversation running now: an earlier one (:resume swapped it) keeps its file as it was.
    this.deps.store.append(this.deps.id(), { type: 'state', key: change.key, value: change.value ?? null });
  }

  /** Every key of the plugin state, as records: what a new file starts with. */
  private writeStateSnapshot(): void {
    if (!this.deps.store || !this.deps.ownsState) return;
    for (const [key, value] of this.deps.host.state.entries()) this.deps.store.append(this.deps.id(), { type: 'state', key, value });
  }

  /** The spend so far, as a record. */
  saveUsage(): void {
    const { usage, cost } = this.deps.spent();
    this.deps.store?.append(this.deps.id(), { type: 'usage', usage, ...(cost !== undefined ? { cost } : {}) });
  }

  /** Another conversation: its file exists already (`:resume`, `:fork`'s written copy) or is yet to be made (`:clear`); no message waits. */
  startOver(created: boolean): void {
    this.made = created;
    this.unsaved = [];
  }
}
