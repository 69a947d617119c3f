/** A server that crashes, hangs, floods stderr, writes noise to stdout and changes its tools: each gives a clear result and lug stays bounded. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processRunning } from '@lug/testing';
import { configured, MISBEHAVING, mcpTestHost, until } from './test-support/mcp-test-host.js';

const dir = mkdtempSync(join(tmpdir(), 'lug-mcp-bad-'));
const pidFile = join(dir, 'pid');
const t = mcpTestHost(dir, [configured('bad', { command: MISBEHAVING, env: { MISBEHAVING_PID_FILE: pidFile }, timeout: 2 })]);
const serverPid = () => Number(readFileSync(pidFile, 'utf8'));
beforeAll(() => t.manager.ready());
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server that misbehaves', () => {
  it('gives a call it crashes during a clear error, and is started again on the next call', async () => {
    const before = serverPid();
    const result = await t.call('mcp__bad__crash', {});
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/MCP server bad stopped during the call \(the server exited with status 3; its stderr ends: about to crash: exit 3\); it is started again on next use/);
    expect(t.manager.get('bad')!.state).toBe('failed');
    expect((await t.call('mcp__bad__echo', { text: 'back' })).content).toBe('echo: back');
    expect(serverPid()).not.toBe(before);
    expect(processRunning(before)).toBe(false);
  });

  it('times a hanging call out after its timeout and tells the server to cancel it', async () => {
    const started = Date.now();
    const result = await t.call('mcp__bad__hang', {});
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/MCP server bad did not answer within 2 s; it was told to cancel the call/);
    expect(Date.now() - started).toBeLessThan(15_000);
    await until(() => t.manager.get('bad')!.state === 'ready');
    expect((await t.call('mcp__bad__cancelled-count', {})).content).toBe('1');
  });

  it('stops a running call when the turn is cancelled (Esc) and tells the server', async () => {
    const result = await t.call('mcp__bad__hang', {}, {
      session: (s) => {
        const stop = t.host.events.on('tool_start', () => {
          stop();
          setTimeout(() => s.cancel(), 100);
        });
      },
    });
    expect(result).toMatchObject({ isError: true, content: 'cancelled by the user' });
    const count = await t.call('mcp__bad__cancelled-count', {});
    expect(count.content).toBe('2');
  });

  it('keeps only the last few KB of a server\'s stderr when it writes megabytes', async () => {
    const result = await t.call('mcp__bad__flood-stderr', { mb: 20 });
    expect(result.content).toBe('flooded');
    // stderr is a pipe of its own: its end may come after the answer.
    await until(() => t.manager.status()[0]!.stderr.endsWith('flood done\n'), 20_000, 'the end of stderr');
    const status = t.manager.status()[0]!;
    expect(status.stderr.length).toBeLessThan(4200);
    expect(status.stderr).toMatch(/^\[\d+ earlier characters not kept\]\n/);
  });

  it('keeps lines on stdout that are not protocol messages apart, and goes on', async () => {
    expect((await t.call('mcp__bad__noise', {})).content).toBe('noisy');
    expect(t.manager.status()[0]!.stdoutNoise).toContain('this is not a protocol message');
  });

  it('accepts a schema with a type list (nullable) and checks it in full before the call', async () => {
    expect((await t.call('mcp__bad__nullable', { value: null })).content).toBe('got null');
    // The core lets anyOf through; the full check refuses a number.
    const bad = await t.call('mcp__bad__nullable', { value: 5 });
    expect(bad.isError).toBe(true);
    expect(bad.content).toMatch(/^the arguments do not match the schema of mcp__bad__nullable: value must be string or null$/);
  });

  it('cuts a long result to the output cap, saying what was cut and what the parts were', async () => {
    const result = await t.call('mcp__bad__big', { bytes: 50_000 });
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(30_000);
    expect(result.content).toMatch(/\[output cut: [\d,]+ of [\d,]+ bytes not shown after this point; the result had 3 parts \(text, image, resource\)/);
  });

  it('offers the tools again when the server says its list changed', async () => {
    expect(t.host.tools.get('mcp__bad__later')).toBeUndefined();
    await t.call('mcp__bad__add-tool', {});
    await until(() => t.host.tools.get('mcp__bad__later') !== undefined, 10_000, 'the new tool');
    expect((await t.call('mcp__bad__later', {})).content).toBe('later');
  });

  it('ends the server process when it is removed', async () => {
    const pid = serverPid();
    expect(processRunning(pid)).toBe(true);
    await t.manager.remove('bad');
    expect(processRunning(pid)).toBe(false);
    expect(t.host.tools.names().filter((n) => n.startsWith('mcp__bad__'))).toEqual([]);
  });
});
