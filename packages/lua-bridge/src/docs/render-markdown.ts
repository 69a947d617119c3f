/**
 * docs/lua-api.md, generated from the entries of lua/docs/: the `lug` API
 * (lug.lua), the built-in modules (builtins.lua) and the reference pages
 * (*.md). A test fails when the page in the repository is not what this
 * renders, so the manual cannot drift from the annotations.
 */
import type { DocEntry } from './parse-annotations.js';

const fileOf = (e: DocEntry) => e.source.replace(/:\d+$/, '');

function renderFunction(e: DocEntry): string {
  const out = [`### ${e.name}`, '', '```lua', e.signature, '```', ''];
  if (e.description) out.push(e.description, '');
  if (e.params.length) {
    out.push('| Parameter | Type | Description |', '|---|---|---|');
    for (const p of e.params) out.push(`| \`${p.name}${p.optional ? '?' : ''}\` | \`${p.type.replace(/\|/g, '\\|')}\` | ${p.description.replace(/\|/g, '\\|')} |`);
    out.push('');
  }
  if (e.returns.length) {
    out.push(`Returns: ${e.returns.map((r) => `\`${r.type.replace(/\|/g, '\\|')}\`${r.name ? ` ${r.name}` : ''}${r.description ? ` — ${r.description}` : ''}`).join('; ')}`, '');
  }
  return out.join('\n');
}

function renderTable(e: DocEntry): string {
  const out = [`### ${e.name}`, ''];
  if (e.kind === 'field') out.push('```lua', e.signature, '```', '');
  if (e.description) out.push(e.description, '');
  if (e.fields.length) {
    out.push('| Field | Type | Description |', '|---|---|---|');
    for (const f of e.fields) out.push(`| \`${f.name}\` | \`${f.type.replace(/\|/g, '\\|')}\` | ${f.description.replace(/\|/g, '\\|')} |`);
    out.push('');
  }
  return out.join('\n');
}

export function renderLuaApiMarkdown(entries: readonly DocEntry[]): string {
  const api = entries.filter((e) => fileOf(e) === 'lug.lua');
  const builtins = entries.filter((e) => fileOf(e) === 'builtins.lua');
  const reference = entries.filter((e) => e.kind === 'reference');
  const root = api.find((e) => e.name === 'lug');
  const out: string[] = [
    '# The Lua API',
    '',
    '<!-- Generated from lua/docs/ by packages/lua-bridge/scripts/gen-lua-api.mjs: edit the annotations, then run `npm run docs -w @lug/lua-bridge`. -->',
    '',
  ];
  if (root?.description) out.push(root.description, '');
  out.push('## The `lug` table', '');
  for (const e of api) {
    if (e === root) continue;
    out.push(e.kind === 'function' ? renderFunction(e) : renderTable(e));
  }
  out.push('## Built-in modules', '');
  const intro = builtins.find((e) => e.name === '_G');
  if (intro?.description) out.push(intro.description, '');
  const modules = new Map<string, DocEntry[]>();
  for (const e of builtins) {
    if (e.kind !== 'function') continue;
    const mod = e.name.includes('.') ? e.name.slice(0, e.name.lastIndexOf('.')) : 'basic functions';
    modules.set(mod, [...(modules.get(mod) ?? []), e]);
  }
  for (const [mod, fns] of modules) {
    const table = builtins.find((e) => e.name === mod && e.kind !== 'function');
    out.push(`### ${mod}`, '');
    if (table?.description) out.push(table.description, '');
    for (const f of fns) out.push(`- \`${f.signature}\`${f.summary ? ` — ${f.summary}` : ''}`);
    out.push('');
  }
  out.push('## Lua in lug', '');
  for (const e of reference) out.push(`### ${e.name}`, '', e.description, '');
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
