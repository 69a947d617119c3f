/** The `lug` binary: parse the flags, then run headless (-p) or start the interface. */
import { HELP, parseCliArgs, UsageError } from './args.js';
import type { StartupOptions } from './compose.js';
import { VERSION } from './version.js';

const writers = {
  stdout: (t: string) => void process.stdout.write(t),
  stderr: (t: string) => void process.stderr.write(t),
};

/** `startup`: what the binary's loader hands in (startup/start.ts); tests and embedders may leave it out. */
export async function main(argv: string[], startup: StartupOptions = {}): Promise<number> {
  let args;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`lug: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  if (args.version) return writers.stdout(`${VERSION}\n`), 0;
  if (args.help) return writers.stdout(HELP), 0;
  const { installExitCleanup } = await import('@lug/tools');
  installExitCleanup();
  const cwd = process.cwd();
  try {
    if (args.prompt !== undefined || !process.stdin.isTTY) {
      const { runHeadless, readPipedStdin, buildPrompt } = await import('./headless.js');
      if (args.outputFormat !== 'text' && args.prompt === undefined && process.stdin.isTTY) {
        throw new UsageError('--output-format needs -p PROMPT');
      }
      const prompt = buildPrompt([args.prompt ?? '', ...args.rest].join(' ').trim(), await readPipedStdin(process.stdin));
      if (!prompt) throw new UsageError('-p needs a prompt (or text on standard input)');
      return await runHeadless(args, prompt, cwd, process.env, writers, startup);
    }
    const { runInterface } = await import('./interface.js');
    return await runInterface(args, cwd, process.env, startup);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`lug: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(`lug: ${(err as Error).message}\n`);
    return 1;
  }
}
