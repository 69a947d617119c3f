/** The interface's notices kept for `:messages`: the last MESSAGES_KEPT, each with its level and time. */
import type { NoticeLevel } from './transcript-items.js';

/** How many notices `:messages` keeps. */
export const MESSAGES_KEPT = 500;

export interface KeptNotice {
  text: string;
  level: NoticeLevel;
  at: number;
}

export class NoticeLog {
  private entries: KeptNotice[] = [];

  add(text: string, level: NoticeLevel): void {
    this.entries.push({ text, level, at: Date.now() });
    if (this.entries.length > MESSAGES_KEPT) this.entries.shift();
  }

  /** Oldest first. */
  list(): readonly KeptNotice[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }
}
