/** The system prompt: who the model is working for, where, and the project's own AGENTS.md. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SystemPromptInput {
  cwd: string;
  platform?: string;
  date?: Date;
  /** Contents of the project's AGENTS.md; read from cwd when undefined. */
  agentsMd?: string | null;
  /** The tools the model is offered, so the prompt points at the ones about lug itself when they are there. */
  tools?: readonly string[];
}

/** The tools (lua/basic.lug's) that answer questions about lug's own configuration. */
const LUG_HELP_TOOLS = ['lua_docs', 'lug_plugins'];

export function readAgentsMd(cwd: string): string | null {
  const path = join(cwd, 'AGENTS.md');
  try {
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  } catch {
    return null;
  }
}

/** The heading AGENTS.md comes under in the system prompt (`:context` counts it apart). */
export const AGENTS_MD_HEADING = '# AGENTS.md (the project\'s instructions)';

export function buildSystemPrompt(input: SystemPromptInput): string {
  const date = (input.date ?? new Date()).toISOString().slice(0, 10);
  const agents = input.agentsMd === undefined ? readAgentsMd(input.cwd) : input.agentsMd;
  const lines = [
    'You are lug, a coding agent working in the user\'s project through tools.',
    `Working directory: ${input.cwd}`,
    `Platform: ${input.platform ?? process.platform}`,
    `Date: ${date}`,
    '',
    'Read before you change; make the smallest change that does what was asked; say what you did.',
    'Some tool calls ask the user for approval; a denied call returns its reason: adapt rather than retry the same call.',
  ];
  const helpTools = LUG_HELP_TOOLS.filter((t) => input.tools?.includes(t));
  if (helpTools.length) {
    lines.push(`For questions about lug itself (its init.lua, the lug.* Lua API, options, keymaps, plugins, and lug's names for Neovim terms such as autocmd or vim.opt), use ${helpTools.join(' and ')} rather than guessing.`);
  }
  if (agents) lines.push('', AGENTS_MD_HEADING, '', agents.trimEnd());
  return lines.join('\n');
}

/** Plugins' sections (`lug.prompt.add`) as the system prompt ends with them, after AGENTS.md: each under a `# name` heading. */
export function renderSections(sections: readonly { name: string; text: string }[]): string {
  return sections.map((s) => `\n\n# ${s.name}\n\n${s.text}`).join('');
}
