/**
 * The conversation a session file holds, with its branches: messages are
 * appended to the active path; a rewind record cuts the active path back to
 * `to` messages and keeps the part cut off as a branch; a switch record makes
 * a branch the active path and keeps the active one as that branch. Each
 * path carries the compactions made on it (a rewind to before a compaction
 * drops it, and the one before it stands again).
 */
import type { Compaction } from './compaction-record.js';
import type { Message } from './messages.js';
import { HistoryRepair } from './repair-history.js';

export interface Branch {
  /** Its number in the file (what `:resume ID#N` names). */
  n: number;
  /** Messages it shares with the path it left. */
  at: number;
  messages: Message[];
  compactions: Compaction[];
}

export class SessionPaths {
  private repair = new HistoryRepair();
  private compactions: Compaction[] = [];
  readonly branches: Branch[] = [];

  get droppedResults(): number {
    return this.repair.droppedResults;
  }

  /** Messages on the active path: the index the next one gets. */
  get length(): number {
    return this.repair.finish().length;
  }

  push(message: Message): void {
    this.repair.push(message);
  }

  /** A compaction record: `kept` messages at the end of the active path stay whole. */
  compact(compaction: Compaction, kept: number): void {
    const messages = this.repair.finish();
    this.compactions.push({ ...compaction, keptFrom: Math.max(0, messages.length - kept) });
  }

  /** A rewind record: the active path goes back to its first `to` messages; the rest becomes branch `n`. */
  rewind(to: number, n: number): void {
    const messages = this.repair.finish();
    const at = Math.max(0, Math.min(to, messages.length));
    this.branches.push({ n, at, messages: messages.slice(), compactions: this.compactions.slice() });
    this.restart(messages.slice(0, at), this.compactions.filter((c) => c.keptFrom <= at));
  }

  /** A switch record: branch `n` becomes the active path, the active path branch `n`. */
  switchTo(n: number): boolean {
    const index = this.branches.findIndex((b) => b.n === n);
    if (index === -1) return false;
    const branch = this.branches[index]!;
    const messages = this.repair.finish();
    this.branches[index] = { n, at: branch.at, messages: messages.slice(), compactions: this.compactions.slice() };
    this.restart(branch.messages, branch.compactions);
    return true;
  }

  private restart(messages: Message[], compactions: Compaction[]): void {
    const dropped = this.repair.droppedResults;
    this.repair = new HistoryRepair();
    this.repair.droppedResults = dropped;
    for (const m of messages) this.repair.push(m);
    this.compactions = compactions;
  }

  /** The active path, made valid, and the compactions made on it (the last one stands). */
  finish(): { messages: Message[]; compactions: Compaction[] } {
    return { messages: this.repair.finish(), compactions: this.compactions };
  }
}
