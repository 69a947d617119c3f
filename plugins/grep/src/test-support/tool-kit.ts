/**
 * Test support shared by the tool plugins (copied verbatim into each; a test
 * in @lug/tools keeps the copies equal): a ToolContext for calling a handler
 * directly, and the user's page (docs/tools.md) read as data, so that each
 * tool's definition is checked against the page's tables.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMITS, type JsonSchema, type Limits, type ToolContext, type ToolProgress } from '@lug/tools';

export function toolContext(
  cwd: string,
  opts: { signal?: AbortSignal; limits?: Partial<Limits>; emit?: (p: ToolProgress) => void } = {},
): ToolContext {
  return {
    cwd,
    signal: opts.signal ?? new AbortController().signal,
    lock: async () => () => undefined,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    emit: opts.emit ?? (() => undefined),
    callId: 'test-call',
  };
}

/** The page: the repository's docs/tools.md, else the user's original beside the repository. */
export function readToolsPage(): string | undefined {
  for (const rel of ['../../../../docs/tools.md', '../../../../../shared/spec/tools.md']) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return undefined;
}

function tables(page: string): string[][][] {
  const result: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of page.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    const cells = line.slice(1, line.lastIndexOf('|')).split('|').map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    if (!current) result.push((current = []));
    current.push(cells);
  }
  return result;
}

function appliesTo(cell: string, tool: string): boolean {
  if (cell.startsWith('all but ')) return !cell.slice('all but '.length).split(/,\s*/).includes(tool);
  return cell.split(/,\s*/).includes(tool);
}

function schemaOf(type: string, defaultCell: string, description: string): JsonSchema {
  const s: JsonSchema = {};
  const range = /^integer (\d+)–(\d+)$/.exec(type);
  const atLeast = /^integer ≥ (\d+)$/.exec(type);
  if (range) Object.assign(s, { type: 'integer', minimum: Number(range[1]), maximum: Number(range[2]) });
  else if (atLeast) Object.assign(s, { type: 'integer', minimum: Number(atLeast[1]) });
  else s.type = type as JsonSchema['type'];
  if (defaultCell !== '') {
    s.default = s.type === 'integer' ? Number(defaultCell) : s.type === 'boolean' ? defaultCell === 'true' : defaultCell;
  }
  s.description = description;
  return s;
}

/** What the page says about one tool: its description, whether it asks, and its parameters' schema. */
export function pageSpec(page: string, tool: string): { description: string; ask: boolean; parameters: JsonSchema } {
  const [toolsTable, argsTable] = tables(page).filter((t) => t[0]![0] === 'Tool');
  const row = toolsTable!.find((r) => r[0] === tool);
  if (!row) throw new Error(`the page has no row for ${tool}`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [tools, argument, type, req, def, description] of argsTable!.slice(1)) {
    if (!appliesTo(tools!, tool)) continue;
    properties[argument!] = schemaOf(type!, def!, description!);
    if (req === 'yes' || (req!.startsWith('for ') && appliesTo(req!.slice(4), tool))) required.push(argument!);
  }
  return {
    description: row[2]!,
    ask: row[1] === 'Yes',
    parameters: { type: 'object', properties, required, additionalProperties: false },
  };
}
