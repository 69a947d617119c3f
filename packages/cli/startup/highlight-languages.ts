/**
 * highlight.js's languages registered on first use (`highlightLanguagesOnFirstUse`,
 * an esbuild plugin of the marked-terminal vendor bundle): `highlight.js`
 * registers all ~190 languages when it loads, which was most of what the
 * first Markdown answer paid for (issue 15: the first turn). cli-highlight's
 * `require('highlight.js')` gets a stand-in instead: highlight.js's core with
 * every language bundled but evaluated only when a code block names it (or
 * one of its aliases), with the languages it embeds (`subLanguage`: html's
 * css and javascript); a block without a language, which highlight.js
 * detects among all of them, registers them all, in highlight.js's order.
 * The aliases and embedded languages are read from highlight.js itself at
 * build time; the build fails when its index no longer has the shape read here.
 *
 * The languages' definitions are files beside the bundle, not in it
 * (`LANGUAGES_DIR`, each highlight.js's own file, copied when the bundle is
 * written), required at their first use. In the bundle they were 1.46 of its
 * 2.40 MB, which every first answer read, decoded into a string V8 holds for
 * the process's life (a script's source stays for its functions compiled
 * later) and hashed against its code cache, for the one or two languages an
 * answer uses.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

/** Where the languages' files are, beside the bundle (the bundle requires them relative to itself). */
export const LANGUAGES_DIR = 'highlight-languages';

/** A language's file as the bundle requires it: `.cjs`, whatever the package's type. */
const languageFile = (file: string) => `./${LANGUAGES_DIR}/${file}.cjs`;

const REGISTER = /^hljs\.registerLanguage\('([\w-]+)', require\('\.\/languages\/([\w-]+)'\)\);$/;

interface Language {
  name: string;
  file: string;
  aliases: string[];
  embeds: string[];
}

/** Every `subLanguage` named anywhere in a language's definition. */
function embeddedLanguages(definition: unknown): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'subLanguage') for (const name of [value].flat()) if (typeof name === 'string') found.add(name);
      walk(value);
    }
  };
  walk(definition);
  return [...found];
}

/** highlight.js's languages, in its order, read from its index (lib/index.js) and definitions. */
export function readLanguages(indexFile: string): Language[] {
  const lines = readFileSync(indexFile, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
  const problem = `highlight.js's lib/index.js changed (${indexFile}): update highlightLanguagesOnFirstUse in packages/cli/startup/highlight-languages.ts`;
  if (lines[0] !== "var hljs = require('./core');" || lines.at(-1) !== 'module.exports = hljs;') throw new Error(problem);
  const req = createRequire(indexFile);
  const core = req('./core') as unknown;
  return lines.slice(1, -1).map((line) => {
    const m = REGISTER.exec(line);
    if (!m) throw new Error(`${problem}; unexpected line: ${line}`);
    const define = req(`./languages/${m[2]}`) as (hljs: unknown) => { aliases?: string[] };
    const definition = define(core);
    return { name: m[1]!, file: m[2]!, aliases: definition.aliases ?? [], embeds: embeddedLanguages(definition) };
  });
}

/**
 * The stand-in's code after its tables (LOADERS, ORDER, ALIASES, EMBEDS,
 * ALIASES_OF, which standInSource writes for the languages read): the same
 * for every highlight.js.
 */
const STAND_IN_CODE = `const registered = new Set();
function ensure(name) {
  if (typeof name !== 'string') return;
  const lower = name.toLowerCase();
  const id = Object.hasOwn(LOADERS, lower) ? lower : ALIASES[lower];
  if (id === undefined || registered.has(id)) return;
  registered.add(id);
  hljs.registerLanguage(id, LOADERS[id]());
  // Registered out of highlight.js's order, an alias may now name the wrong language: give it back to its owner.
  for (const alias of ALIASES_OF[id] || []) {
    const owner = ALIASES[alias];
    if (owner !== id && registered.has(owner)) hljs.registerAliases([alias], { languageName: owner });
  }
  for (const embedded of EMBEDS[id] || []) ensure(embedded);
}
let all = false;
function ensureAll() {
  if (all) return;
  all = true;
  for (const id of ORDER) ensure(id);
}
const { highlight, highlightAuto, getLanguage, autoDetection, highlightElement, highlightBlock } = hljs;
hljs.highlight = function (codeOrName, options, ...rest) {
  ensure(typeof options === 'object' && options !== null ? options.language : codeOrName);
  return highlight.call(this, codeOrName, options, ...rest);
};
hljs.highlightAuto = function (code, subset) {
  ensureAll();
  return highlightAuto.call(this, code, subset || ORDER);
};
hljs.getLanguage = function (name) {
  ensure(name);
  return getLanguage.call(this, name);
};
hljs.autoDetection = function (name) {
  ensure(name);
  return autoDetection.call(this, name);
};
hljs.listLanguages = () => ORDER.slice();
for (const [key, original] of [['highlightElement', highlightElement], ['highlightBlock', highlightBlock]]) {
  if (typeof original === 'function') hljs[key] = function (...args) { ensureAll(); return original.apply(this, args); };
}
module.exports = hljs;
`;

/** The stand-in module's source, for highlight.js's lib/index.js at `indexFile` and its `languages` (readLanguages). */
export function standInSource(indexFile: string, languages: readonly Language[]): string {
  const dir = dirname(indexFile);
  const aliases: Record<string, string> = {};
  // As registerLanguage does: a later language's alias replaces an earlier one's.
  for (const l of languages) for (const a of l.aliases) aliases[a.toLowerCase()] = l.name;
  const aliasesOf = Object.fromEntries(languages.filter((l) => l.aliases.length).map((l) => [l.name, l.aliases.map((a) => a.toLowerCase())]));
  const loaders = languages.map((l) => `  ${JSON.stringify(l.name)}: () => require(${JSON.stringify(languageFile(l.file))}),`);
  const embeds = Object.fromEntries(languages.filter((l) => l.embeds.length).map((l) => [l.name, l.embeds]));
  return `"use strict";
const hljs = require(${JSON.stringify(join(dir, 'core.js'))});
const LOADERS = {
${loaders.join('\n')}
};
const ORDER = Object.keys(LOADERS);
const ALIASES = ${JSON.stringify(aliases)};
const EMBEDS = ${JSON.stringify(embeds)};
const ALIASES_OF = ${JSON.stringify(aliasesOf)};
${STAND_IN_CODE}`;
}

/**
 * The esbuild plugin: cli-highlight's `highlight.js` becomes the stand-in, and
 * highlight.js's language files are copied to `LANGUAGES_DIR` in `bundleDir`,
 * the directory the bundle is written to, once the bundle is.
 */
export function highlightLanguagesOnFirstUse(bundleDir: string): Plugin {
  return {
    name: 'lug-highlight-languages-on-first-use',
    setup(build) {
      let copy: (() => void) | undefined;
      build.onResolve({ filter: /^highlight\.js$/ }, async (args) => {
        if (args.pluginData?.real) return undefined;
        const real = await build.resolve('highlight.js', { kind: args.kind, resolveDir: args.resolveDir, pluginData: { real: true } });
        if (real.errors.length > 0) return { errors: real.errors };
        return { path: real.path, namespace: 'lug-highlight-js' };
      });
      build.onResolve({ filter: new RegExp(`^\\./${LANGUAGES_DIR}/`), namespace: 'lug-highlight-js' }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'lug-highlight-js' }, (args) => {
        try {
          const languages = readLanguages(args.path);
          const from = join(dirname(args.path), 'languages');
          copy = () => {
            mkdirSync(join(bundleDir, LANGUAGES_DIR), { recursive: true });
            for (const l of languages) copyFileSync(join(from, `${l.file}.js`), join(bundleDir, languageFile(l.file)));
          };
          return { contents: standInSource(args.path, languages), resolveDir: dirname(args.path), loader: 'js' };
        } catch (err) {
          return { errors: [{ text: (err as Error).message }] };
        }
      });
      build.onEnd((result) => {
        if (result.errors.length === 0) copy?.();
      });
    },
  };
}
