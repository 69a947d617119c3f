/** The `lug` binary: parse the flags, then run headless (-p), serve an editor (--acp) or start the interface. */
import { HELP, parseCliArgs, UsageError, type CliArgs } from './args.js';
import type { StartupOptions } from './compose.js';
import { stdioWriters } from './stdio-writers.js';
import { VERSION } from './version.js';

const writers = stdioWriters();

/**
 * Exit cleanup (every process lug starts is killed when it goes, temporary
 * files removed), and the sweep of what a lug killed with SIGKILL left: its
 * temporary files now, its processes in the background (see @lug/tools'
 * leftover-registry). The notes live in `$XDG_STATE_HOME/lug/running/`.
 */
async function cleanUpAfterCrashes(): Promise<void> {
  const [{ configureLeftovers, installExitCleanup, sweepLeftovers }, { stateDir }, { join }] = await Promise.all([
    import('@lug/tools'),
    import('@lug/core'),
    import('node:path'),
  ]);
  configureLeftovers({ dir: join(stateDir(process.env), 'running') });
  installExitCleanup();
  sweepLeftovers().catch((err: Error) => writers.stderr(`lug: cleaning up after an earlier lug failed: ${err.message}\n`));
}

/** `startup`: what the binary's loader hands in (startup/start.ts); tests and embedders may leave it out. */
export async function main(argv: string[], startup: StartupOptions = {}): Promise<number> {
  if (argv[0] === 'rules') {
    const { runRulesCommand } = await import('./rules-command.js');
    return runRulesCommand(argv.slice(1), process.cwd(), process.env, writers, startup);
  }
  if (argv[0] === 'rewind') {
    const { runRewindCommand } = await import('./rewind-command.js');
    return runRewindCommand(argv.slice(1), process.cwd(), process.env, writers, startup);
  }
  let args;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      writers.stderr(`lug: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  if (args.version) return writers.stdout(`${VERSION}\n`), 0;
  if (args.help) return writers.stdout(HELP), 0;
  const cwd = currentDirectory();
  if (cwd === undefined) {
    writers.stderr('lug: the current directory no longer exists (it was deleted or moved): cd into one that does, then start lug again\n');
    return 1;
  }
  await cleanUpAfterCrashes();
  try {
    return await run(args, cwd, startup);
  } finally {
    await warnIfNoNote();
  }
}

/** The working directory, or undefined when it was deleted under the shell (process.cwd() throws ENOENT then). */
function currentDirectory(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}

/** A note lug could not keep (a read-only state directory) loses only the clean-up after a kill -9: said once, at the end. */
async function warnIfNoNote(): Promise<void> {
  const { leftoverRegistryError } = await import('@lug/tools');
  const error = leftoverRegistryError();
  if (error) writers.stderr(`lug: warning: ${error}\n`);
}

/** Whether standard input is a terminal, asked of its file descriptor without making `process.stdin` (stdinWithoutStream). */
function stdinIsTerminal(): boolean {
  return process.getBuiltinModule('node:tty').isatty(0);
}

/**
 * Standard input's text when it needs no stream: none from a terminal or /dev/null (a script's, a service's,
 * `lug -p … < /dev/null`), the whole file when it is one (`lug -p … < notes.txt`), as readPipedStdin reads
 * them; undefined for anything else (a pipe, a socket), which readPipedStdin reads with its notice. Making
 * `process.stdin` and reading /dev/null to its end cost ~3 ms of CPU (~1 for a terminal) on `lug -p`'s way to its first request (startup/README.md).
 */
function stdinWithoutStream(): string | undefined {
  if (stdinIsTerminal()) return '';
  const fs = process.getBuiltinModule('node:fs');
  try {
    const stat = fs.fstatSync(0);
    if (stat.isFile()) return fs.readFileSync(0).toString('utf8');
    if (stat.isCharacterDevice() && stat.rdev === fs.statSync('/dev/null').rdev) return '';
  } catch {
    // read as a stream, which says what is wrong
  }
  return undefined;
}

/** Words on the command line that are no flag's: the same error with a terminal and without one. */
function unexpectedWords(words: string[]): UsageError {
  const text = words.join(' ');
  return new UsageError(`unexpected argument${words.length > 1 ? 's' : ''} "${text}": give a task with -p "${text}", or start lug without it and type it in the interface`);
}

async function run(args: CliArgs, cwd: string, startup: StartupOptions): Promise<number> {
  try {
    if (args.acp) {
      const { runAcp } = await import('./acp.js');
      return await runAcp(args, process.env, startup);
    }
    if (args.prompt === undefined && args.rest[0] === 'mcp') {
      const { runMcpCommand } = await import('./mcp-list.js');
      return await runMcpCommand(args, cwd, process.env, writers, startup);
    }
    const stdinTerminal = stdinIsTerminal();
    if (args.prompt !== undefined || !stdinTerminal) {
      const { runHeadless, readPipedStdin, buildPrompt } = await import('./headless.js');
      if (args.outputFormat !== 'text' && args.prompt === undefined && stdinTerminal) {
        throw new UsageError('--output-format needs -p PROMPT');
      }
      if (args.prompt === undefined && args.rest.length) throw unexpectedWords(args.rest);
      const piped =
        stdinWithoutStream() ??
        (await readPipedStdin(process.stdin, () =>
          writers.stderr('lug: waiting for standard input to end (it is an open pipe): close it, or start lug with < /dev/null\n'),
        ));
      const prompt = buildPrompt([args.prompt ?? '', ...args.rest].join(' ').trim(), piped);
      if (!prompt) throw new UsageError('-p needs a prompt (or text on standard input)');
      return await runHeadless(args, prompt, cwd, process.env, writers, startup);
    }
    if (args.rest.length) throw unexpectedWords(args.rest);
    if (args.images.length || args.showReasoning) throw new UsageError(`${args.images.length ? '--image' : '--show-reasoning'} is for headless runs (-p PROMPT); in the interface, write @path/to/image.png in the prompt`);
    const { runInterface } = await import('./interface.js');
    return await runInterface(args, cwd, process.env, startup);
  } catch (err) {
    if (err instanceof UsageError) {
      writers.stderr(`lug: ${err.message}\n`);
      return 2;
    }
    // An error may carry what a server or a file said: escaped, like every other stderr line.
    const { escapeForTerminal } = await import('@lug/core');
    writers.stderr(`lug: ${escapeForTerminal((err as Error).message)}\n`);
    return 1;
  }
}
