/**
 * `:checkhealth`, as Neovim's: what lug found at start, each part with what to
 * do about a problem. The configuration (start-up errors), providers and
 * their keys (never a key's value: set or not, and from where), the model,
 * ripgrep and git (found on PATH by running them), the sandbox (bubblewrap on
 * Linux), the parts the caller adds (`health`: the CLI's plugins, one a line,
 * and MCP servers) and the tools offered.
 */
import { childProcess, type Command } from '@lug/core';
import type { TuiController } from './controller.js';

/** One line of a report: fine or not, what it found, and what to do about a problem. */
export interface HealthLine {
  ok: boolean;
  text: string;
  fix?: string;
}

/** A part of the report the caller adds (the CLI: each plugin, each MCP server), after lug's own parts. */
export interface HealthSection {
  title: string;
  lines: HealthLine[];
}

type Line = HealthLine;

/** The first line a program prints for `--version`, or undefined when it cannot be run. */
function versionOf(program: string, env: Record<string, string | undefined>): string | undefined {
  try {
    const out = childProcess().spawnSync(program, ['--version'], { encoding: 'utf8', timeout: 3000, env: { ...process.env, ...env } as NodeJS.ProcessEnv });
    if (out.status !== 0) return undefined;
    return (out.stdout || out.stderr).split('\n')[0]!.trim();
  } catch {
    return undefined;
  }
}

const KEYS: Array<[provider: string, variables: string[]]> = [
  ['anthropic', ['ANTHROPIC_API_KEY']],
  ['openai', ['OPENAI_API_KEY', 'OPENAI_BASE_URL']],
];

export function healthReport(c: TuiController): string {
  const env = c.host.env;
  const sections: Array<[string, Line[]]> = [];
  const errors = c.opts.startupErrors ?? [];
  sections.push([
    'configuration',
    errors.length ? errors.map((e) => ({ ok: false, text: e, fix: 'fix the file and line named, then start lug again' })) : [{ ok: true, text: c.opts.lua ? 'init.lua and the plugins loaded without errors' : 'Lua is not loaded in this lug' }],
  ]);
  const providers = c.host.providers.names();
  sections.push([
    'providers and keys',
    providers.map((p) => {
      const vars = KEYS.find(([name]) => name === p)?.[1] ?? [];
      const set = vars.filter((v) => env[v]);
      return set.length
        ? { ok: true, text: `${p}: ${set.join(', ')} set (from the environment)` }
        : { ok: vars.length === 0, text: `${p}: ${vars.length ? `${vars.join(' or ')} not set` : 'no key needed'}`, fix: vars.length ? `export ${vars[0]}=… before starting lug` : undefined };
    }),
  ]);
  const model = c.session.modelName();
  sections.push(['model', [model ? { ok: true, text: model } : { ok: false, text: 'no model', fix: 'set a provider key, or lug.opt.model = "provider/model" in init.lua' }]]);
  const programs: Array<[string, string, string]> = [
    ['rg', 'ripgrep', 'install ripgrep (apt install ripgrep, brew install ripgrep): the grep tool needs it'],
    ['git', 'git', 'install git: reviewing and undoing changes need it'],
  ];
  if (process.platform === 'linux') programs.push(['bwrap', 'bubblewrap (the sandbox)', 'install bubblewrap (apt install bubblewrap) for lug.opt.sandbox = "workspace"']);
  sections.push([
    'programs',
    programs.map(([program, name, fix]) => {
      const version = versionOf(program, env);
      return version ? { ok: true, text: `${name}: ${version}` } : { ok: false, text: `${name}: not found on PATH`, fix };
    }),
  ]);
  const sandbox = c.host.options.has('sandbox') ? String(c.host.options.get('sandbox')) : 'not available';
  sections.push(['sandbox', [{ ok: true, text: `lug.opt.sandbox = ${sandbox}` }]]);
  for (const extra of c.opts.health?.() ?? []) sections.push([extra.title, extra.lines]);
  const tools = c.host.tools.names();
  sections.push(['tools', [{ ok: tools.length > 0, text: `${tools.length} tools offered to the model`, fix: tools.length ? undefined : 'the built-in tools are missing: reinstall lug' }]]);
  return sections
    .map(([title, lines]) => `${title}:\n${lines.map((l) => `  ${l.ok ? 'OK' : 'WARNING'} ${l.text}${!l.ok && l.fix ? `\n     → ${l.fix}` : ''}`).join('\n')}`)
    .join('\n');
}

export function checkhealthCommand(c: TuiController, source: string): Command {
  return {
    name: 'checkhealth',
    desc: 'check the configuration, providers and keys, ripgrep, git, the sandbox and the tools, each with what to do about a problem',
    source,
    run() {
      c.transcript.notice(healthReport(c), 'info', false, false);
    },
  };
}
