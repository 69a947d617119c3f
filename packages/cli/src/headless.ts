/** `lug -p`: one task, headless. Exit 0 when the model finished, 1 on an error. */
import type { CliArgs } from './args.js';
import { composeLug, type StartupOptions } from './compose.js';
import { HeadlessPrinter, type Writers } from './headless-printer.js';

export async function readPipedStdin(stdin: NodeJS.ReadStream): Promise<string> {
  if (stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function buildPrompt(prompt: string, piped: string): string {
  if (!piped.trim()) return prompt;
  if (!prompt.trim()) return piped;
  return `${prompt}\n\n<stdin>\n${piped.replace(/\n$/, '')}\n</stdin>`;
}

export async function runHeadless(args: CliArgs, prompt: string, cwd: string, env: NodeJS.ProcessEnv, out: Writers, startup: StartupOptions = {}): Promise<number> {
  const lug = await composeLug({ ...startup, cwd, env, args, interactive: false });
  for (const e of lug.startupErrors) out.stderr(`lug: ${e}\n`);
  const printer = new HeadlessPrinter(lug.host, args.outputFormat, out);
  const onSignal = () => lug.session.cancel();
  process.once('SIGINT', onSignal);
  try {
    const end = await lug.session.submit(prompt);
    if (args.outputFormat === 'json') {
      out.stdout(
        JSON.stringify({
          text: end.text,
          session_id: lug.session.id,
          reason: end.reason,
          ...(end.reason === 'error' ? { error: end.error } : {}),
          usage: { input_tokens: lug.session.usage.inputTokens, output_tokens: lug.session.usage.outputTokens },
          tool_calls: printer.calls,
        }) + '\n',
      );
    }
    if (end.reason === 'error') {
      if (args.outputFormat === 'text') out.stderr(`lug: ${end.error}\n`);
      return 1;
    }
    if (end.reason === 'max_turns') {
      if (args.outputFormat === 'text') out.stderr(`lug: stopped after ${lug.host.options.get('max_turns')} model requests (option max_turns)\n`);
      return 1;
    }
    if (end.reason === 'cancelled') return 130;
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    printer.close();
  }
}
