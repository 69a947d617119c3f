/**
 * The languages a first answer's code blocks are likely in, so their
 * highlighting can be made ready while the first prompt is typed:
 * highlight.js compiles a language's grammar the first time a block names it
 * (~1-8 ms a language, 8 ms for TypeScript's in the interface's first turn),
 * and every language is registered on first use (packages/cli/startup).
 *
 * What a model writes in every project (shell commands, JSON, diffs, and the
 * most common languages of code answers), then the languages of the files at
 * the project's top and in its `src/`. Only languages highlight.js knows by
 * these names: a name it does not know would make it guess among all of them.
 */
import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

/** What every project's answers hold most. */
const EVERYWHERE = ['bash', 'json', 'diff', 'typescript', 'javascript', 'python'];

/** A file's extension to highlight.js's name for its language. */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  py: 'python', rs: 'rust', go: 'go', rb: 'ruby', java: 'java', kt: 'kotlin', swift: 'swift', scala: 'scala',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', php: 'php', lua: 'lua',
  ex: 'elixir', exs: 'elixir', erl: 'erlang', hs: 'haskell', ml: 'ocaml', clj: 'clojure', dart: 'dart',
  sh: 'bash', bash: 'bash', zsh: 'bash', sql: 'sql', yml: 'yaml', yaml: 'yaml', toml: 'ini',
  html: 'xml', xml: 'xml', css: 'css', scss: 'scss', md: 'markdown',
};

/** How many entries of a directory are looked at: a home directory can hold thousands. */
const MAX_ENTRIES = 500;
/** How many languages are made ready at most. */
const MAX_LANGUAGES = 12;

/** The languages to make ready for a project at `cwd`, most likely first. */
export function codeLanguagesOf(cwd: string): string[] {
  const found = new Set(EVERYWHERE);
  for (const dir of [cwd, join(cwd, 'src')]) {
    for (const name of entriesOf(dir)) {
      const language = BY_EXTENSION[extname(name).slice(1).toLowerCase()];
      if (language) found.add(language);
    }
  }
  return [...found].slice(0, MAX_LANGUAGES);
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir).sort().slice(0, MAX_ENTRIES);
  } catch {
    return []; // none, or not readable: the common languages still get ready
  }
}
