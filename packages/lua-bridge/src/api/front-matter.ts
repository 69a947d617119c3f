/**
 * A Markdown file's front matter, as the stock workflows read it (prompt
 * files, skills, agents): a `---` line, `key: value` lines, a `---` line, then
 * the body. Only flat `key: value` pairs: a value is the text after the colon,
 * trimmed, with one pair of surrounding quotes taken off; lines that are not a
 * pair are skipped. Text without front matter is all body.
 */
const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const PAIR = /^\s*([A-Za-z0-9_-]+)\s*:\s*(.*?)\s*$/;

export interface FrontMatter {
  fields: Record<string, string>;
  body: string;
}

const unquote = (v: string) => v.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');

export function frontMatter(text: string): FrontMatter {
  const block = BLOCK.exec(text);
  if (!block) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of block[1]!.split(/\r?\n/)) {
    const pair = PAIR.exec(line);
    if (pair) fields[pair[1]!] = unquote(pair[2]!);
  }
  return { fields, body: block[2]! };
}
