/**
 * Reads LuaLS annotation files (`---@meta`) and Markdown reference pages into
 * documentation entries. The annotations in `lua/docs/` are the one source
 * for lug.docs, the lua_docs tool, docs/lua-api.md and a language server.
 */

export type DocKind = 'function' | 'field' | 'class' | 'reference';

export interface DocParam {
  name: string;
  type: string;
  description: string;
  optional: boolean;
}

export interface DocReturn {
  type: string;
  name: string;
  description: string;
}

export interface DocField {
  name: string;
  type: string;
  description: string;
}

export interface DocEntry {
  /** "lug.tool.register", "string.gsub", "lug.ToolSpec", "Patterns". */
  name: string;
  kind: DocKind;
  /** "lug.tool.register(name: string, spec: lug.ToolSpec): fun()". */
  signature: string;
  /** The first sentence/line of the description. */
  summary: string;
  description: string;
  params: DocParam[];
  returns: DocReturn[];
  fields: DocField[];
  /** Where it is written: "lug.lua:42". */
  source: string;
}

interface Block {
  text: string[];
  tags: string[];
  line: number;
}

/** `---@param name type description` (a `?` after the name marks it optional). */
function parseParam(rest: string): DocParam {
  const m = /^(\S+?)(\?)?\s+(.*)$/.exec(rest.trim());
  if (!m) return { name: rest.trim(), type: 'any', description: '', optional: false };
  const [type = 'any', ...words] = splitType(m[3]!);
  return { name: m[1]!, optional: Boolean(m[2]), type, description: words.join(' ').replace(/^#\s*/, '') };
}

/** `---@return type name? description?`: a name is one bare word followed by more text. */
function parseReturn(rest: string): DocReturn {
  const [type = 'any', ...words] = splitType(rest.trim());
  const tail = words.join(' ').replace(/^#\s*/, '');
  const m = /^([A-Za-z_]\w*)(?:\s+(.*))?$/.exec(tail);
  if (m && m[2]) return { type, name: m[1]!, description: m[2] };
  if (m && !m[2]) return { type, name: m[1]!, description: '' };
  return { type, name: '', description: tail };
}

function parseField(rest: string): DocField {
  const [name = '', ...more] = rest.trim().split(/\s+/);
  const [type = 'any', ...words] = splitType(more.join(' '));
  return { name: name.replace(/\?$/, ''), type: name.endsWith('?') ? `${type}?` : type, description: words.join(' ').replace(/^#\s*/, '') };
}

/** Split off a type that may contain spaces inside parentheses, braces or angle brackets: "fun(a: string): boolean rest". */
function splitType(text: string): string[] {
  let depth = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if ('({<['.includes(c)) depth++;
    else if (')}>]'.includes(c)) depth--;
    else if (c === ' ' && depth === 0) {
      // "fun(): boolean" and "fun(): string, integer" keep their return types.
      if (text[i - 1] === ':' || text[i - 1] === ',') continue;
      break;
    }
  }
  const type = text.slice(0, i);
  const rest = text.slice(i).trim();
  return rest ? [type, ...rest.split(/\s+/)] : [type];
}

function summaryOf(description: string): string {
  const first = description.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ').trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(first);
  return m ? m[1]! : first;
}

function signatureOf(name: string, params: DocParam[], returns: DocReturn[]): string {
  const ps = params.map((p) => (p.name === '...' ? `...: ${p.type}` : `${p.name}${p.optional ? '?' : ''}: ${p.type}`)).join(', ');
  const rs = returns.map((r) => r.type).join(', ');
  return `${name}(${ps})${rs ? `: ${rs}` : ''}`;
}

/** Parse one annotation file. `file` names it in each entry's source. */
export function parseAnnotations(source: string, file: string): DocEntry[] {
  const entries: DocEntry[] = [];
  const lines = source.split('\n');
  let block: Block | undefined;
  const flush = (declaration: string | undefined, line: number) => {
    if (!block) return;
    const b = block;
    block = undefined;
    const description = b.text.join('\n').trim();
    const params: DocParam[] = [];
    const returns: DocReturn[] = [];
    const fields: DocField[] = [];
    let className: string | undefined;
    let typeTag: string | undefined;
    for (const tag of b.tags) {
      const m = /^@(\w+)\s*(.*)$/.exec(tag);
      if (!m) continue;
      const [, key, rest = ''] = m;
      if (key === 'param') params.push(parseParam(rest));
      else if (key === 'return') returns.push(parseReturn(rest));
      else if (key === 'field') fields.push(parseField(rest));
      else if (key === 'class') className = rest.split(/[\s:]/)[0];
      else if (key === 'type') typeTag = rest.trim();
    }
    const at = `${file}:${b.line}`;
    const fn = declaration && /^(?:local\s+)?function\s+([\w.:]+)\s*\(/.exec(declaration);
    const assign = declaration && /^([\w.]+)\s*=/.exec(declaration);
    if (fn) {
      const name = fn[1]!.replace(':', '.');
      entries.push({ name, kind: 'function', signature: signatureOf(name, params, returns), summary: summaryOf(description), description, params, returns, fields, source: at });
    } else if (className && (!assign || assign[1] === className)) {
      entries.push({ name: className, kind: 'class', signature: className, summary: summaryOf(description), description, params, returns, fields, source: at });
    } else if (assign) {
      const name = assign[1]!;
      const type = typeTag ?? (className ? className : 'table');
      entries.push({ name, kind: 'field', signature: `${name}: ${type}`, summary: summaryOf(description), description, params, returns, fields, source: at });
    }
    void line;
  };
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    if (line.startsWith('---')) {
      const body = line.slice(3);
      if (body.trim() === '@meta') return;
      block ??= { text: [], tags: [], line: i + 1 };
      if (body.trimStart().startsWith('@')) block.tags.push(body.trim());
      else block.text.push(body.startsWith(' ') ? body.slice(1) : body);
      return;
    }
    if (line.trim() === '') {
      // A class block stands alone; a blank line ends it.
      if (block?.tags.some((t) => t.startsWith('@class'))) flush(undefined, i);
      else block = undefined;
      return;
    }
    flush(line.trim(), i);
  });
  flush(undefined, lines.length);
  return entries;
}

/** Each `## Heading` section of a Markdown page is one reference entry. */
export function parseReference(markdown: string, file: string): DocEntry[] {
  const entries: DocEntry[] = [];
  const lines = markdown.split('\n');
  let current: { title: string; body: string[]; line: number } | undefined;
  const flush = () => {
    if (!current) return;
    const description = current.body.join('\n').trim();
    entries.push({
      name: current.title,
      kind: 'reference',
      signature: current.title,
      summary: summaryOf(description),
      description,
      params: [],
      returns: [],
      fields: [],
      source: `${file}:${current.line}`,
    });
  };
  lines.forEach((line, i) => {
    const m = /^##\s+(.+)$/.exec(line);
    if (m) {
      flush();
      current = { title: m[1]!.trim(), body: [], line: i + 1 };
    } else if (current) current.body.push(line);
  });
  flush();
  return entries;
}
