/**
 * `startTui`: mounts the app with the rendering options that keep it from
 * flickering, makes `host.ui` interactive, registers the TUI's commands and
 * keys, and resolves when the user quits (after putting everything back).
 */
import React from 'react';
import { render } from 'ink';
import type { LugHost } from '@lug/core';
import { App } from './app.js';
import { registerTuiCommands } from './commands.js';
import { interactiveUi } from './confirm.js';
import { TuiController, type TuiControllerOptions } from './controller.js';
import { defineTuiOptions } from './options.js';
import { shortenPath } from './status-line.js';

export interface StartTuiOptions extends TuiControllerOptions {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Called once the controller exists (the tutor drives the TUI through it). */
  onController?(controller: TuiController): void;
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
  const previousUi = host.ui;
  host.ui = interactiveUi(controller.confirms, host.events);
  const unregister = registerTuiCommands(controller);
  controller.transcript.notice(
    `lug ${opts.version} · ${shortenPath(host.cwd, host.env.HOME)} · :help for commands and keys · Shift-Tab toggles auto mode`,
  );
  controller.start();
  opts.onController?.(controller);
  if (stdout.isTTY) stdout.write(BRACKETED_PASTE_ON);
  const instance = render(<App controller={controller} />, {
    stdout,
    stdin,
    stderr: opts.stderr,
    incrementalRendering: true,
    maxFps: 30,
    exitOnCtrlC: false,
    patchConsole: false,
    kittyKeyboard: { mode: 'auto' },
  });
  try {
    await instance.waitUntilExit();
  } finally {
    if (stdout.isTTY) stdout.write(BRACKETED_PASTE_OFF);
    controller.exit();
    controller.dispose();
    unregister();
    host.ui = previousUi;
  }
}
