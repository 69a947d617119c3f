/** :checkhealth's CLI parts, on a real composition: each plugin on its own line, each MCP server with its state. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from './args.js';
import { composeLug, type Lug } from './compose.js';
import { sandbox } from './e2e/run-lug.js';
import { healthSections } from './health.js';

let lug: Lug | undefined;
afterEach(async () => {
  lug?.lua?.close();
  lug?.approvals.dispose();
  await lug?.mcp.close();
  lug = undefined;
});

const linesOf = (l: Lug, title: string) => healthSections(l).find((s) => s.title === title)!.lines.map((x) => `${x.ok ? 'OK' : 'WARNING'} ${x.text}${x.fix ? ` → ${x.fix}` : ''}`);

describe(":checkhealth's plugins and MCP servers", () => {
  it('names every plugin, a broken one with its error and fix, and each workflow', async () => {
    const box = sandbox('lug.workflow.disable("skills")\nlug.mcp.add("gone", { command = { "/nonexistent/mcp-server" } })\n');
    mkdirSync(join(box.config, 'lug', 'plugins', 'broken'), { recursive: true });
    writeFileSync(join(box.config, 'lug', 'plugins', 'broken', 'init.lua'), 'error("boom")\n');
    lug = await composeLug({ cwd: box.project, env: { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH }, args: parseCliArgs([]), interactive: false });
    const plugins = linesOf(lug, 'plugins');
    for (const tool of ['read', 'write', 'edit', 'grep', 'ls', 'bash']) expect(plugins).toContain(`OK ${tool}: built in`);
    expect(plugins).toContainEqual(expect.stringMatching(/^WARNING broken \(lua plugin\): .*boom → fix the plugin, then :reload$/));
    expect(plugins).toContain('OK skills (workflow): turned off by lug.workflow.disable');
    expect(plugins).toContain('OK todo (workflow, stock)');
    // Headless, the servers started (or failed) before compose returned.
    expect(linesOf(lug, 'MCP servers')).toEqual([expect.stringMatching(/^WARNING gone \(lua:.*init\.lua:2\): failed: .* → :mcp shows its stderr; :mcp restart gone after fixing it$/)]);
  });

  it('says when no MCP server is configured', async () => {
    const box = sandbox();
    lug = await composeLug({ cwd: box.project, env: { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH }, args: parseCliArgs([]), interactive: false });
    expect(linesOf(lug, 'MCP servers')).toEqual(['OK none configured (lug.mcp.add in init.lua, or .mcp.json)']);
  });
});
