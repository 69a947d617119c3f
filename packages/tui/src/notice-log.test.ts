import { describe, expect, it } from 'vitest';
import { MESSAGES_KEPT, NoticeLog } from './notice-log.js';

describe('NoticeLog', () => {
  it('keeps the last MESSAGES_KEPT notices, oldest first, each with its level and time', () => {
    const log = new NoticeLog();
    const before = Date.now();
    for (let i = 0; i < MESSAGES_KEPT + 3; i++) log.add(`notice ${i}`, i % 2 ? 'warn' : 'info');
    const kept = log.list();
    expect(kept).toHaveLength(MESSAGES_KEPT);
    expect(kept[0]).toMatchObject({ text: 'notice 3', level: 'warn' });
    expect(kept.at(-1)).toMatchObject({ text: `notice ${MESSAGES_KEPT + 2}`, level: 'info' });
    expect(kept[0]!.at).toBeGreaterThanOrEqual(before);
  });

  it('forgets them all when cleared', () => {
    const log = new NoticeLog();
    log.add('a', 'error');
    log.clear();
    expect(log.list()).toEqual([]);
  });
});
