/** A server that starts and never answers (a real process reading its stdin and writing nothing): its start fails, saying which request went unanswered. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configured, mcpTestHost } from './test-support/mcp-test-host.js';

const SILENT = [process.execPath, '-e', 'process.stdin.resume(); setInterval(() => {}, 1 << 30);'];
const dir = mkdtempSync(join(tmpdir(), 'lug-mcp-silent-'));
// A start timeout of a second instead of 30 s, so the test waits that long.
const t = mcpTestHost(dir, [configured('silent', { command: SILENT })], { startTimeoutMs: 1000 });
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server that never answers initialize', () => {
  it('fails to start, naming the request it did not answer and the time it had, not the SDK\'s bare "Request timed out"', async () => {
    await t.manager.ready();
    const status = t.manager.status().find((s) => s.name === 'silent')!;
    expect(status.state).toBe('failed');
    expect(status.lastError).toMatch(/^it did not answer initialize within 1 s/);
  });
});
