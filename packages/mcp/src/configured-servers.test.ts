/** Servers from Lua, the user's .mcp.json and the project's: one per name, Lua first, then the user's file, then the project's. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfiguredServers } from './configured-servers.js';

const root = mkdtempSync(join(tmpdir(), 'lug-mcp-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dirs(user: unknown, project: unknown) {
  const configDir = join(root, `c${Math.random()}`);
  const projectDir = join(root, `p${Math.random()}`);
  mkdirSync(configDir);
  mkdirSync(projectDir);
  writeFileSync(join(configDir, '.mcp.json'), JSON.stringify(user));
  writeFileSync(join(projectDir, '.mcp.json'), JSON.stringify(project));
  return { configDir, projectDir, env: {} };
}

describe('the configured servers', () => {
  it('marks the project\'s servers as the project\'s, and lets the user\'s file and Lua win by name', () => {
    const c = new ConfiguredServers();
    c.readFiles(dirs({ mcpServers: { a: { command: 'user-a' } } }, { mcpServers: { a: { command: 'project-a' }, b: { command: 'project-b' }, c: { command: 'project-c' } } }));
    c.add('c', { command: ['lua-c'] }, 'lua:init.lua:1');
    expect(c.list().map((s) => [s.name, s.config, s.project])).toEqual([
      ['a', { command: ['user-a'], env: undefined, cwd: undefined, timeout: undefined }, false],
      ['b', { command: ['project-b'], env: undefined, cwd: undefined, timeout: undefined }, true],
      ['c', { command: ['lua-c'], env: undefined, cwd: undefined, timeout: undefined }, false],
    ]);
  });

  it('removes a server whatever configured it', () => {
    const c = new ConfiguredServers();
    c.readFiles(dirs({ mcpServers: {} }, { mcpServers: { b: { command: 'x' } } }));
    let changes = 0;
    c.onChange(() => changes++);
    expect(c.remove('b')).toBe(true);
    expect(c.remove('b')).toBe(false);
    expect(c.list()).toEqual([]);
    expect(changes).toBe(1);
  });

  it('refuses a Lua server with both or neither of command and url, or fields of the other kind', () => {
    const c = new ConfiguredServers();
    expect(() => c.add('x', {}, 's')).toThrow('give either command = { "program", "arg", … } (a stdio server) or url = "https://…" (an HTTP server)');
    expect(() => c.add('x', { command: ['a'], url: 'http://h' }, 's')).toThrow(/give either/);
    expect(() => c.add('x', { url: 'http://h', env: {} }, 's')).toThrow('env and cwd are for a stdio server (command = …); an HTTP server takes headers');
    expect(() => c.add('a__b', { command: ['a'] }, 's')).toThrow(/server name "a__b" is not allowed/);
  });
});
