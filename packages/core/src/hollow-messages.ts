/**
 * Messages read back from a big session file without their bulk: a long
 * tool result, a long answer or tool call, a long prompt or an image is kept
 * as an empty string and the byte offset of its line, and is read again only
 * when it is needed (what is sent after the standing compaction, a rewind to
 * before it, a fork that copies the conversation). A day's session of
 * hundreds of megabytes so resumes in the memory of what is sent.
 */
import type { Message, ToolResultPart } from './messages.js';
import { readLineAt } from './file-lines.js';

/** A string longer than this is left in the file until needed. */
export const HOLLOW_CHARS = 1_024;

/** Fills hollow messages in again from the file; `from`..`to` are indices of `messages`, which it changes in place. */
export type Hydrate = (messages: Message[], from: number, to: number) => void;

export class HollowMessages {
  /** Each hollow message or tool result, and the offset of its line. */
  private offsets = new Map<object, number>();

  constructor(private readonly path: string) {}

  get size(): number {
    return this.offsets.size;
  }

  /** The message as it is kept in memory: itself when it is small, else its hollow copy. */
  hollow(message: Message, offset: number): Message {
    if (message.role === 'tool') {
      if (!message.results.some((r) => r.content.length > HOLLOW_CHARS)) return message;
      return {
        role: 'tool',
        results: message.results.map((r) => {
          if (r.content.length <= HOLLOW_CHARS) return r;
          const kept: ToolResultPart = { ...r, content: '' };
          this.offsets.set(kept, offset);
          return kept;
        }),
      };
    }
    if (message.role === 'user') {
      if (message.content.length <= HOLLOW_CHARS * 16 && !message.images?.length) return message;
      const kept: Message = { role: 'user', content: message.content.length <= HOLLOW_CHARS * 16 ? message.content : '', ...(message.images ? { images: message.images.map((i) => ({ ...i, data: '' })) } : {}) };
      this.offsets.set(kept, offset);
      return kept;
    }
    const big = message.content.some((p) => (p.type === 'text' ? p.text : p.type === 'tool_call' ? p.argsText : p.text + (p.redacted ?? '')).length > HOLLOW_CHARS);
    if (!big) return message;
    const kept: Message = {
      role: 'assistant',
      content: message.content.map((p) =>
        p.type === 'text' ? { ...p, text: '' } : p.type === 'tool_call' ? { ...p, argsText: '' } : { ...p, text: '', ...(p.redacted !== undefined ? { redacted: '' } : {}) },
      ),
    };
    this.offsets.set(kept, offset);
    return kept;
  }

  /** Read again what `messages[from..to)` left in the file. */
  hydrate: Hydrate = (messages, from, to) => {
    const lines = new Map<number, Message>();
    const stored = (offset: number): Message => {
      let m = lines.get(offset);
      if (!m) lines.set(offset, (m = (JSON.parse(readLineAt(this.path, offset)) as { message: Message }).message));
      return m;
    };
    for (let i = Math.max(0, from); i < Math.min(to, messages.length); i++) {
      const m = messages[i]!;
      const offset = this.offsets.get(m);
      if (offset !== undefined) {
        messages[i] = stored(offset);
        continue;
      }
      if (m.role !== 'tool' || !m.results.some((r) => this.offsets.has(r))) continue;
      messages[i] = {
        role: 'tool',
        results: m.results.map((r) => {
          const at = this.offsets.get(r);
          if (at === undefined) return r;
          const whole = stored(at);
          return (whole.role === 'tool' && whole.results.find((w) => w.callId === r.callId)) || r;
        }),
      };
    }
  };
}
