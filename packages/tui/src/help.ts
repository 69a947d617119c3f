/**
 * `:help [topic]`: the manual's pages (`docs/*.md`) in the transcript. A topic
 * is a page name ("keys"), a unique prefix of one ("appr"), or else a heading
 * inside a page, whose section is shown.
 */
import { lugNamesFor } from '@lug/core';
import fs from 'node:fs';
import path from 'node:path';

export function helpTopics(docsDir: string | undefined): string[] {
  if (!docsDir) return [];
  try {
    return fs
      .readdirSync(docsDir)
      .filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md')
      .map((f) => f.slice(0, -3))
      .sort();
  } catch {
    return [];
  }
}

/** The section under the first heading that mentions `topic`, up to the next heading of the same or a higher level. */
export function findSection(markdown: string, topic: string): string | undefined {
  const lines = markdown.split('\n');
  const needle = topic.toLowerCase();
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = !inFence && /^(#{1,6})\s+(.*)$/.exec(line);
    if (!m || !m[2]!.toLowerCase().includes(needle)) continue;
    const level = m[1]!.length;
    let end = lines.length;
    let fence = false;
    for (let j = i + 1; j < lines.length; j++) {
      if (/^\s*(```|~~~)/.test(lines[j]!)) fence = !fence;
      const h = !fence && /^(#{1,6})\s/.exec(lines[j]!);
      if (h && h[1]!.length <= level) {
        end = j;
        break;
      }
    }
    return lines.slice(i, end).join('\n').trim();
  }
  return undefined;
}

export interface HelpPage {
  title: string;
  markdown: string;
}

/** The page or section for a topic, or a message saying what topics exist. */
export function helpFor(docsDir: string | undefined, topic: string): HelpPage | { error: string } {
  const topics = helpTopics(docsDir);
  if (!docsDir || topics.length === 0) {
    return { error: `no manual pages found${docsDir ? ` in ${docsDir}` : ''}: the docs directory is missing from this installation` };
  }
  const read = (name: string) => fs.readFileSync(path.join(docsDir, `${name}.md`), 'utf8');
  const wanted = topic.trim().toLowerCase();
  // Neovim's words first (core's NEOVIM_TERMS): ":help autocmd" is the section of lug.on.
  for (const name of lugNamesFor(wanted)) {
    const key = name.startsWith(':') ? name : name.toLowerCase();
    for (const t of topics) {
      const section = findSection(read(t), key);
      if (section) return { title: `${t}: ${name}`, markdown: `Neovim's \`${topic.trim()}\` is \`${name}\` in lug.\n\n${section}` };
    }
  }
  const exact = topics.find((t) => t.toLowerCase() === wanted);
  const prefixed = topics.filter((t) => t.toLowerCase().startsWith(wanted));
  const page = exact ?? (prefixed.length === 1 ? prefixed[0] : undefined);
  if (page) return { title: page, markdown: read(page) };
  for (const name of topics) {
    const section = findSection(read(name), wanted);
    if (section) return { title: `${name}: ${topic}`, markdown: section };
  }
  return { error: `no help for "${topic}"; the topics are: ${topics.join(', ')} (or any heading inside them)` };
}
