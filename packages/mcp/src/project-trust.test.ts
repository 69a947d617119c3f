/** The answer to a project's server, remembered per project and per configuration, in a file only the user can read. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectTrust, trustQuestion } from './project-trust.js';
import type { ConfiguredServer } from './server-config.js';

const dir = mkdtempSync(join(tmpdir(), 'lug-mcp-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const server = (command: string[]): ConfiguredServer => ({ name: 'srv', config: { command }, source: '/p/.mcp.json', project: true });

describe('the answers for project servers', () => {
  it('is remembered for the project, and asked again when the server\'s command changes', () => {
    const trust = ProjectTrust.inStateDir(dir, '/p');
    expect(trust.answer(server(['a']))).toBeUndefined();
    trust.remember(server(['a']), true);
    expect(ProjectTrust.inStateDir(dir, '/p').answer(server(['a']))).toBe(true);
    expect(ProjectTrust.inStateDir(dir, '/p').answer(server(['a', '--evil']))).toBeUndefined();
    expect(ProjectTrust.inStateDir(dir, '/other').answer(server(['a']))).toBeUndefined();
    expect(statSync(join(dir, 'mcp-projects.json')).mode & 0o777).toBe(0o600);
  });

  it('keeps a no as a no', () => {
    const trust = ProjectTrust.inStateDir(dir, '/q');
    trust.remember(server(['b']), false);
    expect(trust.answer(server(['b']))).toBe(false);
  });

  it('asks with what the server runs', () => {
    expect(trustQuestion(server(['npx', 'srv']))).toBe('This project\'s /p/.mcp.json configures the MCP server "srv", which runs npx srv. Start it? (remembered for this project)');
  });
});
