/** The reference servers from npm over stdio: their tools as lug tools, calls through the authorizer, results as the model gets them. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configured, everythingServer, filesystemServer, mcpTestHost } from './test-support/mcp-test-host.js';

const dir = mkdtempSync(join(tmpdir(), 'lug-mcp-'));
writeFileSync(join(dir, 'hello.txt'), 'hello from the project\n');
const t = mcpTestHost(dir, [configured('everything', { command: everythingServer() }), configured('fs', { command: filesystemServer(dir) })]);
beforeAll(() => t.manager.ready());
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the reference servers over stdio', () => {
  it('offers their tools as mcp__<server>__<tool> with the server\'s descriptions and schemas', async () => {
    expect(t.manager.status().map((s) => [s.name, s.state])).toEqual([['everything', 'ready'], ['fs', 'ready']]);
    const echo = t.host.tools.get('mcp__everything__echo');
    expect(echo?.description).toBe('Echoes back the input string');
    expect(echo?.parameters).toMatchObject({ type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } }, required: ['message'] });
    expect(echo?.ask).toBe(true);
    expect(t.host.tools.source('mcp__everything__echo')).toBe('mcp:everything');
    expect(t.host.tools.names()).toEqual(expect.arrayContaining(['mcp__fs__read_text_file', 'mcp__fs__list_directory', 'mcp__everything__get-sum']));
  });

  it('runs a call through the authorizer, described with the server in its title, and gives the model its text', async () => {
    const result = await t.call('mcp__everything__echo', { message: 'hi there' });
    expect(result).toMatchObject({ isError: false, content: 'Echo: hi there' });
    const asked = t.asked.at(-1)!;
    expect(asked.tool).toBe('mcp__everything__echo');
    expect(asked.description).toMatchObject({ title: 'everything: echo {"message":"hi there"}', kind: 'read', paths: [] });
  });

  it('reads a file through the filesystem server', async () => {
    const result = await t.call('mcp__fs__read_text_file', { path: join(dir, 'hello.txt') });
    expect(result.content).toBe('hello from the project\n');
  });

  it('says what an image in a result is, since the model cannot be shown it', async () => {
    const result = await t.call('mcp__everything__get-tiny-image', {});
    expect(result.content).toMatch(/\[an image \(image\/png, [\d.]+ (KB|bytes)\) the model cannot be shown as a tool result\]/);
  });

  it('gives structured content with its text', async () => {
    const result = await t.call('mcp__everything__get-structured-content', { location: 'Chicago' });
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/temperature/);
  });

  it('refuses arguments the schema does not allow before the server sees them', async () => {
    const result = await t.call('mcp__everything__get-sum', { a: 1, b: 'two' });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/b must be a number, got "two"/);
  });
});
