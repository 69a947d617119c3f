/** Command-line flags: parsed strictly, with an error that says what is allowed (exit 2). */
import { parseArgs as parseNodeArgs } from 'node:util';
import { CLI_FLAGS } from './cli-flags.js';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL, THINKING_LEVELS, type ThinkingLevel } from '@lug/core';

export type OutputFormat = 'text' | 'json' | 'stream-json';

export interface CliArgs {
  prompt?: string;
  model?: string;
  approval?: 'off' | 'policy' | 'all';
  auto: boolean;
  outputFormat: OutputFormat;
  continue: boolean;
  resume?: string;
  version: boolean;
  help: boolean;
  tutor: boolean;
  /** --sandbox MODE: sets lug.opt.sandbox. */
  sandbox?: 'off' | 'workspace' | 'read-only';
  /** --thinking LEVEL: sets lug.opt.thinking. */
  thinking?: ThinkingLevel;
  /** --image FILE, in order (headless). */
  images: string[];
  /** --show-reasoning: headless text mode writes the model's reasoning, dim, to stderr. */
  showReasoning: boolean;
  /** --acp: speak the Agent Client Protocol on stdin/stdout, for an editor (Zed, codecompanion.nvim, avante.nvim). */
  acp: boolean;
  /** Words after the flags: joined into the prompt of -p when -p has none. */
  rest: string[];
}

export class UsageError extends Error {
  override name = 'UsageError';
}

const FORMATS: OutputFormat[] = ['text', 'json', 'stream-json'];
const APPROVALS = ['off', 'policy', 'all'] as const;
const SANDBOXES = ['off', 'workspace', 'read-only'] as const;

export function parseCliArgs(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseNodeArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: CLI_FLAGS,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.replace(/\. To specify a positional argument.*$/s, '')}; run lug --help for the flags`);
  }
  const v = parsed.values;
  const outputFormat = (v['output-format'] ?? 'text') as OutputFormat;
  if (!FORMATS.includes(outputFormat)) {
    throw new UsageError(`--output-format must be one of ${FORMATS.join(', ')}, got "${outputFormat}"`);
  }
  if (v.approval !== undefined && !APPROVALS.includes(v.approval as (typeof APPROVALS)[number])) {
    throw new UsageError(`--approval must be one of ${APPROVALS.join(', ')}, got "${v.approval}"`);
  }
  if (v.auto && v.approval && v.approval !== 'off') {
    throw new UsageError(`--auto means --approval off; it cannot be combined with --approval ${v.approval}`);
  }
  if (v.sandbox !== undefined && !SANDBOXES.includes(v.sandbox as (typeof SANDBOXES)[number])) {
    throw new UsageError(`--sandbox must be one of ${SANDBOXES.join(', ')}, got "${v.sandbox}"`);
  }
  if (v.continue && v.resume) throw new UsageError('--continue and --resume cannot be combined: --continue resumes the newest session of this directory, --resume ID a given one');
  if (v.model !== undefined && !/^[^/\s]+\/\S+$/.test(v.model)) {
    throw new UsageError(`--model must be provider/model, e.g. ${DEFAULT_ANTHROPIC_MODEL} or ${DEFAULT_OPENAI_MODEL}, got "${v.model}"`);
  }
  if (v.thinking !== undefined && !THINKING_LEVELS.includes(v.thinking as ThinkingLevel)) {
    throw new UsageError(`--thinking must be one of ${THINKING_LEVELS.join(', ')}, got "${v.thinking}"`);
  }
  if (v.acp) checkAcpFlags(v, parsed.positionals);
  return {
    prompt: v.print,
    model: v.model,
    approval: v.approval as CliArgs['approval'],
    sandbox: v.sandbox as CliArgs['sandbox'],
    auto: !!v.auto,
    outputFormat,
    continue: !!v.continue,
    resume: v.resume,
    version: !!v.version,
    help: !!v.help,
    tutor: !!v.tutor,
    thinking: v.thinking as ThinkingLevel | undefined,
    images: v.image ?? [],
    showReasoning: !!v['show-reasoning'],
    acp: !!v.acp,
    rest: parsed.positionals,
  };
}

/** The flags that mean nothing with --acp: the editor sends the prompts, loads sessions and shows everything. */
const NOT_WITH_ACP = ['print', 'output-format', 'continue', 'resume', 'tutor', 'image', 'show-reasoning'] as const;

function checkAcpFlags(v: Record<string, unknown>, positionals: string[]): void {
  const clash = NOT_WITH_ACP.find((flag) => v[flag] !== undefined);
  if (clash) {
    throw new UsageError(`--acp cannot be combined with --${clash}: the editor sends the prompts and loads sessions; with --acp, lug takes --model, --thinking, --approval and --auto`);
  }
  if (positionals.length) throw new UsageError(`--acp takes no prompt (got "${positionals.join(' ')}"): the editor sends the prompts`);
}

export const HELP = `lug — a terminal coding agent you shape in Lua

Usage:
  lug [flags]                 start the interface in this directory
  lug -p PROMPT [flags]       run one task headless and exit
  echo TEXT | lug -p PROMPT   a piped standard input is added to the prompt
  lug mcp list                start the configured MCP servers, list each with its state and tools
  lug rules check [TOOL] ARGS what the approval rules decide for a call, without running it
  lug rewind --list | N       the project's file checkpoints; N puts the files (--files-only) and the conversation back
  lug --acp [flags]           serve an editor over the Agent Client Protocol (stdin/stdout)

Flags:
  -p, --print PROMPT          run PROMPT headless: the answer on stdout, one line per tool call on stderr
  -m, --model PROVIDER/MODEL  the model, e.g. ${DEFAULT_ANTHROPIC_MODEL}, ${DEFAULT_OPENAI_MODEL}, openai/qwen3-coder
      --thinking LEVEL        how hard the model reasons: off | minimal | low | medium | high | max (default off)
      --image FILE            attach a PNG, JPEG, GIF or WebP image to the prompt (headless; repeatable)
      --show-reasoning        headless text mode: write the model's reasoning, dim, to stderr
      --auto                  auto mode: approval off, nothing asks (rules may still deny)
      --approval MODE         off | policy | all (default policy)
      --sandbox MODE          off | workspace | read-only (default off): where commands and file tools may write
      --output-format FORMAT  text | json | stream-json (headless only; default text)
  -c, --continue              resume the newest session of this directory
  -r, --resume ID             resume the session ID
      --acp                   speak the Agent Client Protocol for Zed, codecompanion.nvim or avante.nvim
      --tutor                 a guided tour on a scripted model; needs no key
  -v, --version               print the version
  -h, --help                  print this help

Environment:
  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL   Anthropic
  OPENAI_API_KEY, OPENAI_BASE_URL         OpenAI, or any OpenAI-compatible server (no key needed with a base URL)
  XDG_CONFIG_HOME                         init.lua and plugins in $XDG_CONFIG_HOME/lug (default ~/.config/lug)
  XDG_STATE_HOME                          sessions and approvals.log in $XDG_STATE_HOME/lug (default ~/.local/state/lug)
  XDG_CACHE_HOME                          compiled Lua in $XDG_CACHE_HOME/lug (default ~/.cache/lug)

Exit status: 0 when the model finished; 1 on an error, or when the answer stopped short (the output
limit, a refusal, a content filter, a full context window, max_cost, max_turns); 2 on bad usage.
`;
