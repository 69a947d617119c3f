/** Hook points: hooks run in order, each seeing what the ones before left; a failing or malformed hook is reported and changes nothing. */
import { describe, expect, it } from 'vitest';
import { EventBus, LUG_EVENT_TYPES, type LugEvent } from './events.js';
import { HookRegistry, LUG_HOOK_TYPES, type BeforeCompactInput } from './hooks.js';

const input = (): BeforeCompactInput => ({ reason: 'command', messages: [], pinned: [], tokens: 10, window: 100 });
const fold = (current: BeforeCompactInput, r: { pinned?: string[]; focus?: string }) => ({ ...current, pinned: [...current.pinned, ...(r.pinned ?? [])], ...(r.focus ? { focus: r.focus } : {}) });

describe('hook points', () => {
  it('share names with events only for tool_call and tool_result, whose hook input has the event\'s shape (type, call)', () => {
    expect(LUG_HOOK_TYPES.filter((h) => (LUG_EVENT_TYPES as readonly string[]).includes(h))).toEqual(['tool_call', 'tool_result']);
  });

  it('run in the order they were added, each seeing the input as the ones before left it', async () => {
    const hooks = new HookRegistry(new EventBus());
    const seen: string[][] = [];
    hooks.on('before_compact', (i) => (seen.push([...i.pinned]), { pinned: ['a'] }));
    hooks.on('before_compact', (i) => (seen.push([...i.pinned]), { pinned: ['b'], focus: 'x' }));
    const out = await hooks.run('before_compact', input(), fold);
    expect(seen).toEqual([[], ['a']]);
    expect(out).toMatchObject({ pinned: ['a', 'b'], focus: 'x' });
  });

  it('a hook that throws or returns a non-result is reported with where it was made, and the others still apply', async () => {
    const events = new EventBus();
    const errors: LugEvent[] = [];
    events.on('error', (e) => errors.push(e));
    const hooks = new HookRegistry(events);
    hooks.on('before_compact', () => {
      throw new Error('boom');
    }, 'init.lua:3');
    hooks.on('before_compact', () => ({ pinned: 'not a list' }) as never, 'init.lua:7');
    const remove = hooks.on('before_compact', () => ({ pinned: ['kept'] }));
    expect(await hooks.run('before_compact', input(), fold)).toMatchObject({ pinned: ['kept'] });
    expect(errors.map((e) => e.type === 'error' && e.message)).toEqual([
      'the before_compact hook made at init.lua:3 failed: boom; it changed nothing',
      'the before_compact hook made at init.lua:7 returned something that is not a result (pinned must be a list of strings); it changed nothing',
    ]);
    remove();
    expect(await hooks.run('before_compact', input(), fold)).toMatchObject({ pinned: [] });
  });
});
