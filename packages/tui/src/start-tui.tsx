/**
 * `startTui`: mounts the app with the rendering options that keep it from
 * flickering, serves the interactive host's confirms (`host.ui.confirms`),
 * registers the TUI's commands and keys, and resolves when the user quits
 * (after taking them back and answering no to any confirm still waiting).
 */
import { format } from 'node:util';
import React from 'react';
import { render, type Instance } from 'ink';
import type { LugHost } from '@lug/core';
import { App } from './app.js';
import { statusInfo, statuslineOption } from './status-info.js';
import { registerTuiCommands } from './commands.js';
import { keyCommandProblems } from './keymap-commands.js';
import { TuiController, type TuiControllerOptions } from './controller.js';
import { keyChunkedStdin } from './key-chunks.js';
import { defineTuiOptions } from './options.js';
import { FOCUS_REPORTS_OFF, FOCUS_REPORTS_ON } from './notifications.js';
import { primeStatusline } from './status-line.js';
import { codeLanguagesOf } from './code-languages.js';
import { warmWhileTyping } from './warm-while-typing.js';

export interface StartTuiOptions extends TuiControllerOptions {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Called once the controller has started (tests drive the TUI through it). */
  onController?(controller: TuiController): void;
  /**
   * ink's line-diffing renderer. Off by default: in ink 6.8 it rewinds the
   * cursor one row too few and writes each frame a line low (ink issue #909,
   * fixed in ink 7, which needs Node 22). The standard renderer redraws the
   * small live region inside synchronized-output sequences instead.
   */
  incrementalRendering?: boolean;
  /**
   * Called once the controller exists, before it starts and the first frame
   * is drawn: a caller that brings its own model (the CLI's `lug --tutor`)
   * installs it here, so the TUI does not say there is none.
   */
  beforeStart?(controller: TuiController): void | Promise<void>;
  /** Called once the first frame is drawn (work that can wait for it: the stock workflows, MCP servers). */
  onFirstFrame?(): void;
  /**
   * Called once, when the user starts typing the first prompt: what the first
   * answer needs that a lug left idle should not hold in memory (a provider's SDK);
   * `busy` is true once a turn runs (what is left to warm, the turn does itself).
   */
  whileTyping?(busy: () => boolean): void;
}

/**
 * A library that writes to the console while ink draws (an SDK's deprecation
 * warning) would tear the screen: its lines go to the transcript instead.
 */
function routeConsole(notice: (text: string, level: 'info' | 'warn' | 'error') => void): () => void {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
  console.log = (...args: unknown[]) => notice(format(...args), 'info');
  console.info = console.log;
  console.debug = console.log;
  console.warn = (...args: unknown[]) => notice(format(...args), 'warn');
  console.error = (...args: unknown[]) => notice(format(...args), 'error');
  return () => void Object.assign(console, saved);
}

/** The console's lines as the transcript's notices, each text once. */
function routeConsoleToTranscript(controller: TuiController): () => void {
  const printed = new Set<string>();
  return routeConsole((text, level) => {
    // An SDK repeats its warning on every request: once is enough.
    if (printed.has(text)) return;
    printed.add(text);
    controller.transcript.notice(text, level);
  });
}

/** Draw the app with ink, with the rendering options that keep it from flickering; the first frame is out when this returns. */
function mountApp(controller: TuiController, opts: StartTuiOptions, stdout: NodeJS.WriteStream, stdin: NodeJS.ReadStream): Instance {
  return render(<App controller={controller} />, {
    stdout,
    // Keys typed fast arrive in one read: cut into key presses before ink parses them (key-chunks.ts).
    stdin: keyChunkedStdin(stdin),
    stderr: opts.stderr,
    incrementalRendering: opts.incrementalRendering ?? false,
    maxFps: 30,
    exitOnCtrlC: false,
    patchConsole: false,
    kittyKeyboard: { mode: 'auto' },
  });
}

/** While the first prompt is typed, load what its answer needs (warm-while-typing.ts); returns the function that stops it. */
function startWarming(controller: TuiController, opts: StartTuiOptions, stdout: NodeJS.WriteStream): () => void {
  return warmWhileTyping({
    input: controller.input,
    markdown: controller.markdown,
    width: () => Math.max(20, stdout.columns ?? 80),
    languages: () => codeLanguagesOf(opts.host.cwd),
    also: opts.whileTyping,
    busy: () => controller.session.running,
    onAnswer: (fn) => opts.host.events.on('response_start', fn),
  });
}

const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';

/** Run the TUI until the user quits (`:q`, Ctrl-C twice). The caller then stops what lug started. */
export async function startTui(opts: StartTuiOptions): Promise<void> {
  const host: LugHost = opts.host;
  const stdout = opts.stdout ?? process.stdout;
  const stdin = opts.stdin ?? process.stdin;
  defineTuiOptions(host.options);
  const controller = new TuiController(opts);
  const unregister = registerTuiCommands(controller);
  controller.transcript.notice(
    `lug ${opts.version} · :help for commands and keys · Shift-Tab toggles auto mode`,
  );
  try {
    await opts.beforeStart?.(controller);
  } catch (err) {
    // Nothing drawn yet: put back what was set up, and let the caller show the error.
    unregister();
    controller.dispose();
    throw err;
  }
  // Keys Lua bound at start-up to a :command that does not exist (the interface's commands came after).
  for (const problem of keyCommandProblems(host)) controller.transcript.notice(problem, 'warn');
  controller.start();
  opts.onController?.(controller);
  // Focus reports too, so a turn that ends while you look elsewhere can call you back (notifications.ts).
  if (stdout.isTTY) stdout.write(BRACKETED_PASTE_ON + FOCUS_REPORTS_ON);
  const restoreConsole = routeConsoleToTranscript(controller);
  // init.lua's status line in the very first frame, not the stock line first.
  const statusline = statuslineOption(controller);
  if (statusline) {
    controller.primedStatus = await primeStatusline(statusline, statusInfo(controller, controller.transcript.getSnapshot()));
  }
  const instance = mountApp(controller, opts, stdout, stdin);
  // ink drew the first frame inside render(); what waited for it runs once that frame is out.
  setImmediate(() => {
    opts.onFirstFrame?.();
    void controller.lookForLocalServers();
  });
  const stopWarming = startWarming(controller, opts, stdout);
  try {
    await instance.waitUntilExit();
  } finally {
    stopWarming();
    restoreConsole();
    if (stdout.isTTY) stdout.write(BRACKETED_PASTE_OFF + FOCUS_REPORTS_OFF);
    controller.exit();
    controller.dispose();
    unregister();
  }
}
