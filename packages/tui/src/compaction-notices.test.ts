import { describe, expect, it } from 'vitest';
import { compactedText, compactingText } from './compaction-notices.js';

describe('the compaction notices', () => {
  it('count one message as one, and more as more', () => {
    const start = (messages: number) => compactingText({ type: 'compaction_start', reason: 'command', messages, tokens: 1000, window: 200_000 });
    expect(start(1)).toBe('compacting 1 older message (:compact)…');
    expect(start(4)).toBe('compacting 4 older messages (:compact)…');
    const done = (replaced: number) => compactedText({ type: 'after_compact', reason: 'command', summary: 'S', replaced, kept: 2, tokensBefore: 4564, tokensAfter: 1894, by: 'model' });
    expect(done(1)).toMatch(/^\*\*Compacted\*\*: 1 message is now sent as this summary by the model \(about 4,564 → 1,894 tokens\)/);
    expect(done(3)).toMatch(/^\*\*Compacted\*\*: 3 messages are now sent as this summary/);
  });
});
