/**
 * Reads the user's Tools page (docs/tools.md) into what each tool must look
 * like to the model: its description, whether it asks, and each argument's
 * type, bounds, required flag, default and description.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TOOLS_PAGE = fileURLToPath(new URL('../../../../docs/tools.md', import.meta.url));
export const SPEC_PAGE = fileURLToPath(new URL('../../../../../shared/spec/tools.md', import.meta.url));

export interface PageArgument {
  name: string;
  type: 'string' | 'integer' | 'boolean';
  minimum?: number;
  maximum?: number;
  required: boolean;
  default?: unknown;
  description: string;
}

export interface PageTool {
  name: string;
  asks: boolean;
  description: string;
  arguments: PageArgument[];
}

function tables(markdown: string): string[][][] {
  const out: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) {
      const cells = line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((c) => c.trim());
      if (cells.every((c) => /^-+$/.test(c))) continue;
      (current ??= []).push(cells);
    } else if (current) {
      out.push(current);
      current = undefined;
    }
  }
  if (current) out.push(current);
  return out;
}

function toolsOfCell(cell: string, all: string[]): string[] {
  if (cell.startsWith('all but ')) {
    const except = cell.slice('all but '.length).split(',').map((s) => s.trim());
    return all.filter((t) => !except.includes(t));
  }
  if (cell.startsWith('for ')) return cell.slice(4).split(',').map((s) => s.trim());
  return cell.split(',').map((s) => s.trim());
}

function parseType(cell: string): Pick<PageArgument, 'type' | 'minimum' | 'maximum'> {
  let m = /^integer ≥ (\d+)$/.exec(cell);
  if (m) return { type: 'integer', minimum: Number(m[1]) };
  m = /^integer (\d+)–(\d+)$/.exec(cell);
  if (m) return { type: 'integer', minimum: Number(m[1]), maximum: Number(m[2]) };
  if (cell === 'string' || cell === 'boolean' || cell === 'integer') return { type: cell };
  throw new Error(`the page's type "${cell}" is not understood by this test`);
}

function parseDefault(cell: string, type: PageArgument['type']): unknown {
  if (cell === '') return undefined;
  if (type === 'integer') return Number(cell);
  if (type === 'boolean') return cell === 'true';
  return cell;
}

export function readToolsPage(path = TOOLS_PAGE): PageTool[] {
  const [toolTable, argTable] = tables(readFileSync(path, 'utf8')).filter((t) => t[0]![0] === 'Tool');
  const tools: PageTool[] = toolTable!.slice(1).map(([name, asks, description]) => ({ name: name!, asks: asks === 'Yes', description: description!, arguments: [] }));
  const names = tools.map((t) => t.name);
  for (const [toolCell, name, typeCell, requiredCell, defaultCell, description] of argTable!.slice(1)) {
    const type = parseType(typeCell!);
    const requiredFor = requiredCell === 'yes' ? null : requiredCell ? toolsOfCell(requiredCell!, names) : [];
    for (const tool of toolsOfCell(toolCell!, names)) {
      tools.find((t) => t.name === tool)!.arguments.push({
        name: name!,
        ...type,
        required: requiredFor === null ? true : requiredFor.includes(tool),
        default: parseDefault(defaultCell!, type.type),
        description: description!,
      });
    }
  }
  return tools;
}
