/**
 * The user's Tools page (docs/tools.md) read as data: each tool's description,
 * whether it asks by default, and each argument's type, bounds, required flag,
 * default and description. Tool definitions, and the specs lug offers the
 * model, are checked against it word for word.
 */
import { readFileSync } from 'node:fs';
import type { JsonSchema, ToolSpec } from '@lug/core';

export interface PageArgument {
  name: string;
  type: 'string' | 'integer' | 'boolean';
  minimum?: number;
  maximum?: number;
  required: boolean;
  /** Absent when the page's Default cell is empty. */
  default?: unknown;
  description: string;
}

export interface PageTool {
  name: string;
  /** The "Asks by default" column. */
  asks: boolean;
  description: string;
  /** In the page's order. */
  arguments: PageArgument[];
}

/** Every Markdown table of the page, as rows of trimmed cells (separator rows dropped). */
function tables(markdown: string): string[][][] {
  const out: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    const cells = line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    if (!current) out.push((current = []));
    current.push(cells);
  }
  return out;
}

function tableHeaded(all: string[][][], second: string): string[][] {
  const table = all.find((t) => t[0]![0] === 'Tool' && t[0]![1] === second);
  if (!table) throw new Error(`the Tools page has no table whose header starts "| Tool | ${second} |"; is this the user's docs/tools.md?`);
  return table.slice(1);
}

/** The tools a cell names: "read", "grep, ls", "all but bash", "for read, write, edit". */
function toolsOfCell(cell: string, all: string[]): string[] {
  const list = (text: string) => text.split(',').map((s) => s.trim());
  if (cell.startsWith('all but ')) {
    const except = list(cell.slice('all but '.length));
    return all.filter((t) => !except.includes(t));
  }
  return list(cell.startsWith('for ') ? cell.slice('for '.length) : cell);
}

function parseType(cell: string): Pick<PageArgument, 'type' | 'minimum' | 'maximum'> {
  let m = /^integer ≥ (\d+)$/.exec(cell);
  if (m) return { type: 'integer', minimum: Number(m[1]) };
  m = /^integer (\d+)–(\d+)$/.exec(cell);
  if (m) return { type: 'integer', minimum: Number(m[1]), maximum: Number(m[2]) };
  if (cell === 'string' || cell === 'boolean' || cell === 'integer') return { type: cell };
  throw new Error(`the Tools page's type "${cell}" is not understood; known: string, boolean, integer, "integer ≥ N", "integer N–M"`);
}

function parseDefault(cell: string, type: PageArgument['type']): unknown {
  if (cell === '') return undefined;
  if (type === 'integer') return Number(cell);
  if (type === 'boolean') return cell === 'true';
  return cell;
}

/** The page's tools, from its Markdown text. */
export function parseToolsPage(markdown: string): PageTool[] {
  const all = tables(markdown);
  const tools: PageTool[] = tableHeaded(all, 'Asks by default').map(([name, asks, description]) => ({
    name: name!,
    asks: asks === 'Yes',
    description: description!,
    arguments: [],
  }));
  const names = tools.map((t) => t.name);
  for (const [toolCell, name, typeCell, requiredCell, defaultCell, description] of tableHeaded(all, 'Argument')) {
    const type = parseType(typeCell!);
    const requiredFor = requiredCell === 'yes' ? names : requiredCell ? toolsOfCell(requiredCell, names) : [];
    for (const toolName of toolsOfCell(toolCell!, names)) {
      const tool = tools.find((t) => t.name === toolName);
      if (!tool) throw new Error(`the Tools page gives argument "${name}" to "${toolName}", which its tool table does not list`);
      const arg: PageArgument = { name: name!, ...type, required: requiredFor.includes(toolName), description: description! };
      const dflt = parseDefault(defaultCell!, type.type);
      if (dflt !== undefined) arg.default = dflt;
      tool.arguments.push(arg);
    }
  }
  return tools;
}

/** Read the Tools page at `file` (the caller knows where its repository keeps docs/tools.md). */
export function readToolsPage(file: string): PageTool[] {
  return parseToolsPage(readFileSync(file, 'utf8'));
}

/** The JSON Schema of the page's arguments for one tool: what `parameters` must be. */
export function pageSchema(tool: PageTool): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const { name, required: _, ...schema } of tool.arguments) properties[name] = schema;
  return { type: 'object', properties, required: tool.arguments.filter((a) => a.required).map((a) => a.name), additionalProperties: false };
}

const shown = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v));

function argumentDifferences(name: string, actual: JsonSchema, expected: JsonSchema): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (JSON.stringify(actual[key]) !== JSON.stringify(expected[key])) {
      out.push(`argument ${name}: ${key} is ${shown(actual[key])}, the page says ${shown(expected[key])}`);
    }
  }
  return out;
}

/**
 * A Tool definition, or a tool as it was offered to the model (e.g. from
 * `toolsOf(request)`, whose parameters are whatever the wire carried).
 */
export type CheckedTool = Pick<ToolSpec, 'name' | 'description'> & { parameters: JsonSchema | unknown; ask?: boolean; handler?: unknown };

/**
 * Where `tool` differs from the page: an empty list when its description, its
 * arguments (names, types, bounds, defaults, descriptions, and nothing more)
 * and the required ones are the page's, its schema refuses other arguments,
 * and — for a Tool definition (one with a handler) — it asks by default
 * exactly when the page says so. A spec offered to the model has no `ask`,
 * so that is not checked for it.
 */
export function toolPageDifferences(tool: CheckedTool, page: readonly PageTool[]): string[] {
  const entry = page.find((t) => t.name === tool.name);
  if (!entry) return [`the page has no tool "${tool.name}"; it lists ${page.map((t) => t.name).join(', ')}`];
  const out: string[] = [];
  if (tool.description !== entry.description) out.push(`description is ${shown(tool.description)}, the page says ${shown(entry.description)}`);
  if (tool.handler !== undefined && (tool.ask ?? true) !== entry.asks) {
    out.push(`ask is ${tool.ask === undefined ? 'true (the default)' : tool.ask}, the page says ${entry.asks}`);
  }
  const schema = (typeof tool.parameters === 'object' && tool.parameters !== null ? tool.parameters : {}) as JsonSchema;
  const expected = pageSchema(entry);
  if (schema.type !== 'object') out.push(`parameters.type is ${shown(schema.type)}, must be "object"`);
  if (schema.additionalProperties !== false) {
    out.push(`parameters.additionalProperties is ${shown(schema.additionalProperties)}, must be false: the page lists every argument`);
  }
  const actualProps = schema.properties ?? {};
  for (const [name, want] of Object.entries(expected.properties!)) {
    if (!(name in actualProps)) out.push(`argument ${name}: missing, the page lists it`);
    else out.push(...argumentDifferences(name, actualProps[name]!, want));
  }
  for (const name of Object.keys(actualProps)) if (!(name in expected.properties!)) out.push(`argument ${name}: not on the page`);
  const required = new Set(schema.required ?? []);
  for (const arg of entry.arguments) {
    if (arg.required !== required.has(arg.name)) out.push(`argument ${arg.name}: ${arg.required ? 'must be required' : 'must not be required'}, as the page says`);
  }
  for (const name of required) if (!(name in expected.properties!)) out.push(`required names ${name}, which the page does not list`);
  return out;
}
