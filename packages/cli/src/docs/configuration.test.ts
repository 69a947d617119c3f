/**
 * docs/configuration.md against the real thing: every option of the composed
 * lug (and the interface's own), with its type and default; every flag of
 * `lug --help`; every variable it names; the files and their default places.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configDir, sessionsDir, stateDir, type OptionDef } from '@lug/core';
import { TUI_OPTIONS } from '@lug/tui/options';
import { HELP, parseCliArgs } from '../args.js';
import { composeLug } from '../compose.js';
import { codeSpans, readPage, section, tableRows } from './markdown.js';

const page = readPage('configuration.md');
let options: OptionDef[];

beforeAll(async () => {
  const home = mkdtempSync(join(tmpdir(), 'lug-docs-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), XDG_CACHE_HOME: join(home, 'cache'), PATH: process.env.PATH };
  const lug = await composeLug({ cwd: home, env, args: parseCliArgs([]), interactive: false });
  expect(lug.startupErrors).toEqual([]);
  options = [...lug.host.options.list()];
  // The interface defines its options when it starts; the page documents them too.
  for (const def of TUI_OPTIONS) if (!options.some((o) => o.name === def.name)) options.push(def);
});

/** An option's default as Lua writes it. */
function luaLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** What the type cell must mention: the kind, and every value or bound the store allows. */
function typeWords(def: OptionDef): string[] {
  const words = [...def.allowed.matchAll(/"[^"]*"|\d+/g)].map((m) => m[0]);
  const kind = /\b(integer|number|string|boolean|function)\b/.exec(def.allowed)?.[1];
  if (kind) words.push(kind);
  if (/\bnil\b/.test(def.allowed)) words.push('nil');
  return words;
}

describe('docs/configuration.md, Options', () => {
  const rows = () => tableRows(section(page, /^Options$/));

  it('has a row for every option, with its type, its default and its effect', () => {
    expect(options.length).toBeGreaterThanOrEqual(6);
    for (const def of options) {
      const row = rows().find((r) => r[0] === `\`${def.name}\``);
      expect(row, `no row for the option ${def.name} in the Options table`).toBeDefined();
      const [, type, dflt, effect] = row!;
      for (const word of typeWords(def)) expect(type, `the type of ${def.name} (${def.allowed})`).toContain(word);
      expect(codeSpans(dflt!), `the default of ${def.name}`).toEqual([luaLiteral(def.default)]);
      expect(effect!.length, `the effect of ${def.name}`).toBeGreaterThan(40);
    }
  });

  it('documents no option that does not exist', () => {
    const names = options.map((o) => o.name);
    for (const row of rows()) expect(names, `the table documents ${row[0]}`).toContain(row[0]!.replace(/`/g, ''));
  });
});

describe('docs/configuration.md, Flags and Environment', () => {
  it('documents every flag of lug --help', () => {
    const flags = [...HELP.matchAll(/^\s+(?:(-\w), )?(--[\w-]+)/gm)].map((m) => [m[1], m[2]!] as const);
    expect(flags.length).toBeGreaterThanOrEqual(9);
    const documented = tableRows(section(page, /^Flags$/)).flatMap((r) => codeSpans(r[0]!).map((s) => s.split(' ')[0]));
    for (const [short, long] of flags) {
      expect(documented, `the flag ${long}`).toContain(long);
      if (short) expect(documented, `the flag ${short}`).toContain(short);
    }
  });

  it('documents every variable lug --help names, and where the files go', () => {
    const environment = HELP.slice(HELP.indexOf('Environment:'), HELP.indexOf('Exit status'));
    expect(environment).not.toBe('');
    const variables = [...environment.matchAll(/\b([A-Z][A-Z_]{4,})\b/g)].map((m) => m[1]);
    const documented = tableRows(section(page, /^Environment$/)).map((r) => r[0]!.replace(/`/g, ''));
    for (const name of new Set(variables)) expect(documented, `the variable ${name}`).toContain(name);
  });
});

describe('docs/configuration.md, Files', () => {
  it('names each file at its default place, as lug computes it', () => {
    const home = { HOME: '~' };
    const files = tableRows(section(page, /^Files$/));
    const at = (name: string) => files.find((r) => r[0] === `\`${name}\``)?.[1];
    expect(at('init.lua')).toBe(`\`${join(configDir(home), 'init.lua')}\``);
    expect(at('plugins/<name>/')).toBe(`\`${join(configDir(home), 'plugins')}/\``);
    expect(at('approvals.log')).toBe(`\`${join(stateDir(home), 'approvals.log')}\``);
    expect(at('sessions/<id>.jsonl')).toBe(`\`${sessionsDir(home)}/\``);
    expect(at('history')).toBe(`\`${join(stateDir(home), 'history')}\``);
  });
});
