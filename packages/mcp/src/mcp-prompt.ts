/**
 * A server's prompt as a `:command`: `:mcp__<server>__<prompt> ARGS` gets
 * the prompt with those arguments and sends its text to the model as the
 * user's prompt. Arguments are `name=value` (quote a value with spaces:
 * `name="two words"`), or given in the prompt's order without names.
 */
import type { Command } from '@lug/core';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { lugToolName } from './mcp-tool.js';
import type { ServerConnection } from './server-connection.js';
import { wellFormed } from './well-formed.js';

export class PromptArgumentError extends Error {
  override name = 'PromptArgumentError';
}

/** Words of the argument text, with "double" or 'single' quotes holding spaces. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  const re = /([^\s"'=]+=)?(?:"([^"]*)"|'([^']*)'|(\S+))/g;
  for (const m of text.matchAll(re)) words.push(`${m[1] ?? ''}${m[2] ?? m[3] ?? m[4] ?? ''}`);
  return words;
}

function usage(prompt: Prompt): string {
  const args = prompt.arguments ?? [];
  return args.length ? args.map((a) => (a.required ? `${a.name}=…` : `[${a.name}=…]`)).join(' ') : '(no arguments)';
}

/** The arguments from `text`, checked against the prompt's: every required one given, no unknown one. */
export function promptArguments(prompt: Prompt, text: string): Record<string, string> {
  const declared = prompt.arguments ?? [];
  const names = declared.map((a) => a.name);
  const out: Record<string, string> = {};
  let position = 0;
  for (const word of splitWords(text)) {
    const eq = word.indexOf('=');
    const name = eq > 0 && names.includes(word.slice(0, eq)) ? word.slice(0, eq) : undefined;
    if (name) {
      out[name] = word.slice(eq + 1);
      continue;
    }
    while (position < names.length && out[names[position]!] !== undefined) position++;
    if (position >= names.length) throw new PromptArgumentError(`too many arguments: "${word}"; the prompt takes ${usage(prompt)}`);
    out[names[position++]!] = word;
  }
  const missing = declared.filter((a) => a.required && out[a.name] === undefined).map((a) => a.name);
  if (missing.length) throw new PromptArgumentError(`missing ${missing.join(', ')}; the prompt takes ${usage(prompt)}`);
  return out;
}

/** The prompt's messages as the text of one user prompt, headed by where it came from (so it never reads as a :command). */
export function promptText(server: string, prompt: string, result: GetPromptResult): string {
  const parts = result.messages.map((m) => {
    const c = m.content;
    const body =
      c.type === 'text' ? c.text
      : c.type === 'resource' && 'text' in c.resource ? `[resource ${c.resource.uri}]\n${c.resource.text}`
      : `[${c.type} content lug cannot put in a prompt]`;
    return m.role === 'assistant' ? `(assistant) ${body}` : body;
  });
  return wellFormed([`[prompt ${prompt} from the MCP server ${server}]`, ...parts].join('\n\n'));
}

export function promptCommand(prompt: Prompt, connection: ServerConnection, run: { submit(text: string): void; notify(text: string, level: 'info' | 'error'): void }): Command {
  const name = lugToolName(connection.name, prompt.name);
  return {
    name,
    desc: `${(prompt.description ?? `the ${prompt.name} prompt of ${connection.name}`).slice(0, 200)} — ${usage(prompt)}`,
    source: `mcp:${connection.name}`,
    async run(argText) {
      try {
        const args = promptArguments(prompt, argText);
        const result = await connection.getPrompt(prompt.name, args);
        run.submit(promptText(connection.name, prompt.name, result));
      } catch (err) {
        run.notify(`:${name}: ${(err as Error).message}`, 'error');
      }
    },
    complete: (argText) => {
      const given = splitWords(argText);
      const names = (prompt.arguments ?? []).map((a) => `${a.name}=`).filter((n) => !given.some((g) => g.startsWith(n)));
      const last = /\s$/.test(argText) || !argText ? '' : given.at(-1) ?? '';
      const head = last ? argText.slice(0, argText.length - last.length) : argText;
      return names.filter((n) => n.startsWith(last)).map((n) => head + n);
    },
  };
}
