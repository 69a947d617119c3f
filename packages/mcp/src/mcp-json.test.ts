/** .mcp.json in Claude Code's format: stdio and HTTP servers, ${VAR} expansion, and each mistake said without losing the other servers. */
import { describe, expect, it } from 'vitest';
import { parseMcpJson } from './mcp-json.js';

const parse = (data: unknown, env: Record<string, string> = {}) => parseMcpJson(JSON.stringify(data), '/p/.mcp.json', { env, project: true });

describe('.mcp.json', () => {
  it('reads stdio servers (command, args, env, cwd) and HTTP servers (url, headers), expanding ${VAR} and ${VAR:-default}', () => {
    const { servers, errors } = parse(
      {
        mcpServers: {
          gh: { command: 'npx', args: ['-y', 'server-github'], env: { TOKEN: '${GH_TOKEN}', MODE: '${MODE:-ro}' } },
          docs: { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${KEY}' } },
          old: { type: 'sse', url: 'http://localhost:9/sse' },
        },
      },
      { GH_TOKEN: 't', HOST: 'example.com', KEY: 'k' },
    );
    expect(errors).toEqual([]);
    expect(servers).toEqual([
      { name: 'gh', config: { command: ['npx', '-y', 'server-github'], env: { TOKEN: 't', MODE: 'ro' }, cwd: undefined, timeout: undefined }, source: '/p/.mcp.json', project: true },
      { name: 'docs', config: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer k' }, timeout: undefined }, source: '/p/.mcp.json', project: true },
      { name: 'old', config: { url: 'http://localhost:9/sse', headers: undefined, timeout: undefined }, source: '/p/.mcp.json', project: true },
    ]);
  });

  it('reports each wrong server by name and keeps the right ones', () => {
    const { servers, errors } = parse({
      mcpServers: {
        ok: { command: 'srv' },
        noCommand: { args: ['x'] },
        badArgs: { command: 'a', args: 'x y' },
        unset: { command: 'a', env: { A: '${NOPE}' } },
        typo: { command: 'a', argz: [] },
        ftp: { url: 'ftp://x' },
        'bad name': { command: 'a' },
      },
    });
    expect(servers.map((s) => s.name)).toEqual(['ok']);
    expect(errors).toEqual([
      '/p/.mcp.json: server "noCommand": "command" must be the program to run, a non-empty string, got undefined',
      '/p/.mcp.json: server "badArgs": "args" must be a list of strings, got "x y"',
      '/p/.mcp.json: server "unset": "env.A" uses ${NOPE}, which is not set (give a default with ${NOPE:-value})',
      '/p/.mcp.json: server "typo": unknown field "argz"; the fields are type, command, args, env, cwd, timeout',
      '/p/.mcp.json: server "ftp": "url" must be http:// or https://, got "ftp://x"',
      '/p/.mcp.json: server name "bad name" is not allowed: use 1 to 40 letters, digits, _ and - (no "__"), since it becomes part of tool names (mcp__NAME__tool)',
    ]);
  });

  it('says what the file should look like when it is not JSON or has no mcpServers', () => {
    expect(parseMcpJson('{', '/p/.mcp.json', { env: {}, project: true }).errors[0]).toMatch(/^\/p\/\.mcp\.json: not valid JSON/);
    expect(parse({ servers: {} }).errors).toEqual(['/p/.mcp.json: expected { "mcpServers": { "NAME": { "command": …, "args": […] } } }']);
  });
});
