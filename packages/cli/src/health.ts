/**
 * What `:checkhealth` reports of the CLI's own parts, beside the interface's:
 * each plugin on its own line (the stock tool plugins, the Lua and npm
 * plugins, the stock workflows), and each MCP server with its state and last
 * error.
 */
import type { HealthLine, HealthSection } from '@lug/tui';
import type { Lug } from './compose.js';
import { STOCK_PLUGINS } from './compose.js';

function pluginLines(lug: Lug): HealthLine[] {
  const lines: HealthLine[] = STOCK_PLUGINS.map((p) => ({ ok: true, text: `${p.name}: built in` }));
  const config = lug.lua?.config;
  for (const p of config?.plugins ?? []) {
    lines.push(p.loaded ? { ok: true, text: `${p.name} (${p.kind} plugin, ${p.entry})` } : { ok: false, text: `${p.name} (${p.kind} plugin): ${p.error ?? 'not loaded'}`, fix: 'fix the plugin, then :reload' });
  }
  for (const w of config?.workflows ?? []) {
    const where = w.stock ? 'stock' : w.file;
    if (w.disabled) lines.push({ ok: true, text: `${w.name} (workflow): turned off by lug.workflow.disable` });
    else if (w.error) lines.push({ ok: false, text: `${w.name} (workflow, ${where}): ${w.error}`, fix: w.stock ? 'reinstall lug' : `fix ${w.file}, then start lug again` });
    else lines.push({ ok: true, text: `${w.name} (workflow, ${where})${w.loaded ? '' : ': loading'}` });
  }
  return lines;
}

function mcpLines(lug: Lug): HealthLine[] {
  const configured = lug.mcp.config.list();
  if (!configured.length) return [{ ok: true, text: 'none configured (lug.mcp.add in init.lua, or .mcp.json)' }];
  const status = new Map((lug.mcp.loaded?.status() ?? []).map((s) => [s.name, s]));
  return configured.map(({ name, source }) => {
    const s = status.get(name);
    if (!s) return { ok: true, text: `${name} (${source}): not started yet (servers start after the first screen)` };
    const tools = `${s.lugTools.length} tool${s.lugTools.length === 1 ? '' : 's'}`;
    if (s.state === 'failed') return { ok: false, text: `${name} (${source}): failed: ${s.lastError ?? 'no reason given'}`, fix: `:mcp shows its stderr; :mcp restart ${name} after fixing it` };
    return { ok: true, text: `${name} (${source}): ${s.state}, ${tools}${s.lastError ? ` (last error: ${s.lastError})` : ''}` };
  });
}

export function healthSections(lug: Lug): HealthSection[] {
  return [
    { title: 'plugins', lines: pluginLines(lug) },
    { title: 'MCP servers', lines: mcpLines(lug) },
  ];
}
