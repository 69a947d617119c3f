/**
 * What `:fork` writes: a new session file holding the conversation so far,
 * whole (messages read back hollow are filled in first), the state each
 * prompt found before it (so a rewind in the new file brings it back), the
 * compactions, the subagents' conversations and the totals; the old file is
 * left as it is.
 */
import type { Compaction } from './compaction-record.js';
import type { Message, Usage } from './messages.js';
import type { SessionStore } from './session-store.js';
import type { StateValue } from './session-state.js';
import { messagesWithState } from './state-rewind.js';
import type { StoredSubagent } from './subagent-record.js';

export interface ForkedConversation {
  cwd: string;
  /** The messages, whole. */
  messages: readonly Message[];
  /** The state each prompt found (from the old file), and the state now; none when the session does not own the host's state. */
  stateAt: (index: number) => [string, StateValue][] | undefined;
  state: [string, StateValue][];
  compactions: readonly Compaction[];
  subagents: readonly StoredSubagent[];
  usage: Usage;
  cost: number | undefined;
}

export function writeForkedFile(store: SessionStore, id: string, from: string, c: ForkedConversation): void {
  store.create(id, c.cwd, { forkedFrom: from });
  for (const line of messagesWithState(c.messages, c.stateAt, c.state)) store.append(id, line);
  for (const compaction of c.compactions) store.append(id, { type: 'compaction', compaction, kept: c.messages.length - compaction.keptFrom });
  for (const run of c.subagents) store.append(id, { type: 'subagent', ...run });
  store.append(id, { type: 'usage', usage: c.usage, ...(c.cost !== undefined ? { cost: c.cost } : {}) });
}
