/**
 * The real binary in tmux opens the first request's connection while the
 * user types the first prompt (the provider's warm-up asks lightFetch for it:
 * startup/light-agents.ts), and the first request goes on it: on a real
 * network that is DNS, TCP and TLS out of the first turn.
 */
import { describe, expect, it } from 'vitest';
import { pollUntil, text } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

describe.skipIf(!hasTmux())("the first request's connection", () => {
  it('is opened while the first prompt is typed, and the request goes on it', async () => {
    const { server, screen: s } = await lugs.start([text('Done.')], sandbox(), { env: { CI: 'true' } });
    expect(server.connections()).toBe(0);
    s.type('hello');
    expect(await pollUntil(() => server.connections() === 1, 10_000)).toBe(true);
    expect(server.requests).toEqual([]);
    s.type('\r');
    await s.waitFor(/Done\./, 15_000);
    expect(server.modelRequests()).toHaveLength(1);
    expect(server.connections()).toBe(1);
  }, 40_000);
});
