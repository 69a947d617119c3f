/**
 * `lug -p`: one task, headless. Exit 0 when the model finished; 1 on an
 * error or an answer that stopped short; 130 when interrupted.
 */
import { attachImage, ImageAttachmentError, type ImagePart, type Session, type TurnResult } from '@lug/core';
import type { CliArgs } from './args.js';
import { UsageError } from './args.js';
import { composeLug, type Lug, type StartupOptions } from './compose.js';
import { escapingWriters, HeadlessPrinter, type Writers } from './headless-printer.js';
import { headlessResult } from './headless-result.js';
import { wireFields } from './headless-wire.js';
import { endTurnOnSignals } from './signal-ending.js';

/** How long an open standard input is waited for before lug says it is waiting for it. */
export const STDIN_NOTICE_MS = 2_000;

/**
 * Standard input when it is piped, read to its end. A pipe left open (a
 * script's stdin, a terminal multiplexer's) would make lug wait without a
 * word: `onWaiting` is called once it has waited STDIN_NOTICE_MS with no end.
 */
export async function readPipedStdin(stdin: NodeJS.ReadStream, onWaiting?: () => void): Promise<string> {
  if (stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  const timer = onWaiting ? setTimeout(onWaiting, STDIN_NOTICE_MS) : undefined;
  timer?.unref();
  try {
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function buildPrompt(prompt: string, piped: string): string {
  if (!piped.trim()) return prompt;
  if (!prompt.trim()) return piped;
  return `${prompt}\n\n<stdin>\n${piped.replace(/\n$/, '')}\n</stdin>`;
}

/** The --image files, checked (by their bytes and size) before anything starts. */
export function readImages(paths: string[], cwd: string): ImagePart[] {
  return paths.map((path) => {
    try {
      return attachImage(path, cwd);
    } catch (err) {
      if (err instanceof ImageAttachmentError) throw new UsageError(`--image: ${err.message}`);
      throw err;
    }
  });
}

/** The turn's end reasons that exit 1: the model did not finish what it was asked. */
const STOPPED_SHORT = new Set(['error', 'max_turns', 'max_tokens', 'refusal', 'content_filter', 'context_window', 'max_cost', 'hook']);

/** Prompts Lua may send (lug.session.send) in one `lug -p` run, after the first: a bound on a hook that sends at every turn's end. */
export const MAX_SENT_PROMPTS = 50;

type ErrorEnd = TurnResult & { reason: 'error'; error: string };

/**
 * The prompt, then each prompt Lua sent during it (`sent`, lug.session.send),
 * in order, while the turns end well; past MAX_SENT_PROMPTS the run ends with
 * an error of lug's own, which `onStopped` is given (no turn_end says it).
 */
async function submitWithSent(session: Session, prompt: string, images: ImagePart[], sent: string[], onStopped: (end: ErrorEnd) => void): Promise<TurnResult> {
  let end = await session.submit(prompt, { images });
  for (let followUps = 0; end.reason === 'done' && sent.length; followUps++) {
    if (followUps === MAX_SENT_PROMPTS) {
      const stopped: ErrorEnd = { reason: 'error', text: '', error: `lug.session.send sent more than ${MAX_SENT_PROMPTS} prompts in one lug -p run; stopped (a hook that sends at every turn's end?)` };
      onStopped(stopped);
      return stopped;
    }
    end = await session.submit(sent.shift()!);
  }
  return end;
}

export async function runHeadless(args: CliArgs, prompt: string, cwd: string, env: NodeJS.ProcessEnv, out: Writers, startup: StartupOptions = {}): Promise<number> {
  const images = readImages(args.images, cwd);
  const lug = await composeLug({ ...startup, cwd, env, args, interactive: false });
  lug.checkpoints.pruneAtFirstAnswer();
  // What lug itself writes is escaped like the printer's output: file names and errors may hold escape sequences.
  const safe = escapingWriters(out, !!process.stdout.isTTY, args.outputFormat !== 'text');
  for (const e of lug.startupErrors) safe.stderr(`lug: ${e}\n`);
  for (const n of lug.sessionNotices) safe.stderr(`lug: ${n}\n`);
  if (lug.autoRefused) {
    safe.stderr(`lug: not running in auto mode: ${lug.approvals.autoRefusal()} (or run without --auto, where calls that ask are refused)\n`);
    return 1;
  }
  const printer = new HeadlessPrinter(lug.host, args.outputFormat, out, {
    showReasoning: args.showReasoning,
    dim: !!process.stderr.isTTY,
    stdoutIsTerminal: !!process.stdout.isTTY,
  });
  printer.start({ sessionId: lug.session.id, model: lug.session.modelName() ?? null, cwd: lug.host.cwd, resumed: args.continue || args.resume !== undefined });
  // SIGINT cancels the turn (exit 130); SIGTERM and SIGHUP cancel it too, then end lug by the signal (signal-ending.ts).
  const onSignal = () => lug.session.cancel();
  process.once('SIGINT', onSignal);
  const signals = endTurnOnSignals(() => lug.session.cancel());
  let code: number;
  try {
    code = await runPrompt(lug, args, prompt, images, printer, safe);
  } finally {
    process.off('SIGINT', onSignal);
    signals.stop();
  }
  // The turn ended and is saved (the cancelled answer too): now the signal ends lug.
  return signals.received ? signals.endByIt() : code;
}

/** The prompt and what Lua sends during it, to their end; the exit status. */
async function runPrompt(lug: Lug, args: CliArgs, prompt: string, images: ImagePart[], printer: HeadlessPrinter, safe: Writers): Promise<number> {
  // lug.session.send during the run: each prompt runs after the turn, in order, while the turns end well.
  const sent: string[] = [];
  const stopServing = lug.host.inbox.serve((p) => void sent.push(p));
  try {
    const end = await submitWithSent(lug.session, prompt, images, sent, (stopped) => {
      // No turn ended so, and the last turn_end said done: stream-json's reader is told as a failed turn tells it.
      printer.streamLine({ type: 'error', message: stopped.error });
      printer.streamLine({ type: 'turn_end', reason: stopped.reason, text: stopped.text });
    });
    if (args.outputFormat === 'json') safe.stdout(JSON.stringify(wireFields(headlessResult(end, lug.session, printer))) + '\n');
    if (args.outputFormat === 'text') {
      if (end.reason === 'error') safe.stderr(`lug: ${end.error}\n`);
      if (end.reason === 'max_turns') safe.stderr(`lug: stopped after ${lug.host.options.get('max_turns')} model requests (option max_turns)\n`);
    }
    if (end.reason === 'cancelled') return 130;
    return STOPPED_SHORT.has(end.reason) ? 1 : 0;
  } finally {
    stopServing();
    printer.close();
    // The turn's checkpoint is complete before lug exits (lug rewind and :undo read it).
    await lug.checkpoints.flush();
    // MCP servers hold pipes open: the run ends with them.
    await lug.mcp.close();
  }
}
