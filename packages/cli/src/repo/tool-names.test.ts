/**
 * The check that no source file outside plugins/ names a built-in tool
 * (tools/check-tool-names.mjs, run by npm test): what it catches, what it
 * leaves alone, and that it fails a tree that does it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowAll, createHost, loadPlugin } from '@lug/core';
import webFetch from '@lug/plugin-web-fetch';
import { STOCK_PLUGINS } from '../compose.js';

const SCRIPT = fileURLToPath(new URL('../../../../tools/check-tool-names.mjs', import.meta.url));

interface Found {
  line: number;
  text: string;
  why: string;
}
const checker = (await import(pathToFileURL(SCRIPT).href)) as {
  findToolNames(text: string, tools?: string[]): Found[];
  builtInTools(repo?: string): string[];
};
const found = (text: string) => checker.findToolNames(text).map((f) => f.text);

describe('the built-in tool name check', () => {
  it('knows the built-in tools from plugins/: the stock plugins\' tools and the optional web_fetch', async () => {
    const repo = fileURLToPath(new URL('../../../..', import.meta.url));
    // What the plugins of plugins/ register, in their tools or their setup.
    const host = createHost({ cwd: repo, authorize: allowAll });
    for (const plugin of [...STOCK_PLUGINS, webFetch]) await loadPlugin(host, plugin);
    expect(checker.builtInTools(repo).sort()).toEqual(host.tools.names().sort());
  });

  it('catches a tool name compared with a built-in one, a lookup by name and a comparison in Lua code', () => {
    const sample = [
      "if (tool === 'bash') return;",
      "const grep = host.tools.get('grep');",
      'const isLs = call.tool == "ls";',
      "if ('read' !== e.call.tool) skip();",
      'if call.tool ~= "write" then return end',
      "const mine = part.name === 'edit';",
    ].join('\n');
    expect(checker.findToolNames(sample)).toEqual([
      { line: 1, text: "tool === 'bash'", why: 'compares a tool name with a built-in tool' },
      { line: 2, text: "tools.get('grep'", why: 'gets a built-in tool from the registry by name' },
      { line: 3, text: 'call.tool == "ls"', why: 'compares a tool name with a built-in tool' },
      { line: 4, text: "'read' !== e.call.tool", why: 'compares a tool name with a built-in tool' },
      { line: 5, text: 'call.tool ~= "write"', why: 'compares a tool name with a built-in tool' },
      { line: 6, text: "part.name === 'edit'", why: 'compares a tool name with a built-in tool' },
    ]);
  });

  it('catches a switch on a tool name, a list of built-in names, and an approval rule for one', () => {
    expect(found("switch (request.tool) {\n  case 'read': return 1;\n  case 'other': return 2;\n}")).toEqual(["case 'read'"]);
    expect(found("if (['grep', 'ls'].includes(call.tool)) count();")).toEqual(["['grep', 'ls'].includes(call.tool"]);
    expect(found("approvals.rule('bash', allowGitStatus);\nopts.rule?.('write', deny);")).toEqual(["rule('bash'", "rule?.('write'"]);
  });

  it('is not fooled by the same words used as plain words', () => {
    const sample = [
      "const paths = [{ path: args.path, access: 'read' }];",
      "if (entry.access !== 'read' && entry.access !== 'change') throw new Error('bad');",
      "fs.openSync(file, 'r'); const mode = 'read';",
      "if (description.kind === 'edit' || d.kind === 'read') show();",
      "io.read(L, io.openHandleAt(L, 1, 'read'), 2);",
      "if (name === 'write') lua.write();",
      "const tools = ['read', 'write'];",
      "toolNames.get('bash');",
      "const grepTool = defineTool({ name: 'grep' });",
      "if (switchMode === 'ls') list();",
      "expect(tool).toBe('bash');",
      'const tool = "bash-like"; if (tool === "bashful") x();',
    ].join('\n');
    expect(checker.findToolNames(sample)).toEqual([]);
  });

  it('leaves comments alone', () => {
    expect(found("// if (tool === 'bash') …\n/* tools.get('grep') */\nconst url = 'http://x'; // call.tool == 'ls'")).toEqual([]);
  });

  it('fails a tree whose package source names a built-in tool, and lets plugins and tests do it', () => {
    const root = mkdtempSync(join(tmpdir(), 'lug-names-'));
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    file('plugins/bash/package.json', JSON.stringify({ name: '@lug/plugin-bash' }));
    file('plugins/bash/src/bash.ts', "if (tool === 'bash') run();\n");
    file('packages/core/src/ok.ts', "export const kind = 'read';\n");
    file('packages/core/src/ok.test.ts', "expect(call.tool === 'bash').toBe(true);\n");
    file('packages/tui/src/test-support/tools.ts', "if (tool === 'bash') fake();\n");
    const clean = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, LUG_TOOL_NAMES_ROOT: root }, encoding: 'utf8' });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
    file('packages/tui/src/line.ts', "export const icon = (tool: string) =>\n  tool === 'bash' ? '$' : '•';\n");
    const r = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, LUG_TOOL_NAMES_ROOT: root }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("packages/tui/src/line.ts:2: compares a tool name with a built-in tool: tool === 'bash'");
  });
});
