/**
 * What a Session is made with and what its methods take and give: the
 * options of a new or resumed conversation, a prompt as `:rewind` lists it, a
 * turn's options and result, and the error of a turn started while one runs.
 */
import type { LoopEnd } from './agent-loop.js';
import type { Compaction } from './compaction-record.js';
import type { Hydrate } from './hollow-messages.js';
import type { ImagePart, Message, Usage } from './messages.js';
import type { SessionStore } from './session-store.js';
import type { StateValue } from './session-state.js';
import type { StoredSubagent } from './subagent-record.js';

export interface SessionOptions {
  store?: SessionStore;
  /** Resume this session: its id and messages. */
  id?: string;
  messages?: Message[];
  usage?: Usage;
  /** The resumed session's cost so far in US dollars (undefined: not known). */
  cost?: number;
  systemPrompt?: string;
  /** The resumed session's compaction that stands, if any (or all of them, the standing one last). */
  compaction?: Compaction;
  compactions?: readonly Compaction[];
  /** Branches its file holds already (the next :rewind numbers its branch after them). */
  branches?: number;
  /** Reads back what the store left in the file of messages before the compaction (StoredSession.hydrate). */
  hydrate?: Hydrate;
  /** The resumed session's plugin state (StoredSession.state). */
  state?: readonly [string, StateValue][];
  /** The resumed session's subagents' conversations (StoredSession.subagents). */
  subagents?: readonly StoredSubagent[];
}

/** A prompt of the conversation, as `:rewind` lists it. */
export interface PromptPoint {
  /** 1 for the conversation's first prompt: the turn a file checkpoint of the same turn is named by. */
  turn: number;
  /** Its index in the history: rewinding to it keeps the messages before it. */
  index: number;
  text: string;
}

export type TurnResult = LoopEnd & { error?: string; message?: string };

export interface SubmitOptions {
  /** Images sent with the prompt, in order (see attachImage). */
  images?: ImagePart[];
}

export class TurnInProgressError extends Error {
  override name = 'TurnInProgressError';
}
