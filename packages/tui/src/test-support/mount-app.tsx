/**
 * Mounts the whole app (ink-testing-library) with the real approvals, the test
 * tools registered, and a session stand-in whose turns the test fills with
 * recorded events.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { cleanup, render } from 'ink-testing-library';
import { createHostWithApprovals, type Approvals } from '@lug/approvals';
import { describeCall, type AuthorizeDecision, type LugHost } from '@lug/core';
import { App } from '../app.js';
import { registerTuiCommands } from '../commands.js';
import { TuiController, type TuiControllerOptions } from '../controller.js';
import { defineTuiOptions } from '../options.js';
import { FakeSession } from './fakes.js';
import { plain, settle } from './ink.js';
import { TEST_TOOLS } from './tools.js';

const dirs: string[] = [];

/** Unmount every app and remove the temp dirs; call from afterEach. */
export function cleanupApps(): void {
  cleanup();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-tui-app-'));
  dirs.push(dir);
  return dir;
}

export interface MountedApp {
  host: LugHost;
  approvals: Approvals;
  session: FakeSession;
  controller: TuiController;
  dir: string;
  /** Every frame ink wrote (debug mode: each is the whole output). */
  frames: string[];
  /** Write each chunk to stdin as a terminal would, letting ink settle between them. */
  type(...chunks: string[]): Promise<void>;
  /** The last frame, styling removed. */
  frame(): string;
  /**
   * Press `keys` the moment ink writes a frame that shows `text`, inside that write: as a key typed at once
   * at what just appeared on the screen, before React has run the frame's effects.
   */
  pressWhenShown(text: string, keys: string): void;
}

export function mountApp(opts: { script?: (prompt: string, s: FakeSession) => void; model?: string | null; extra?: Partial<TuiControllerOptions> } = {}): MountedApp {
  const dir = tempDir();
  // The fake session runs no tool calls; the real approvals answer the dialog.
  const { host, approvals } = createHostWithApprovals(
    { cwd: dir, env: { HOME: dir, XDG_STATE_HOME: path.join(dir, 'state') }, interactive: true },
    { logPath: path.join(dir, 'approvals.log') },
  );
  defineTuiOptions(host.options);
  for (const tool of TEST_TOOLS) host.tools.register(tool, 'test');
  const session = new FakeSession(host, opts.script);
  if (opts.model === null) session.model = undefined;
  const mounted = mountController({ host, session, approvals, version: '0.0.0-test', stateDir: dir, ...opts.extra });
  return { ...mounted, host, approvals, session, dir };
}

/** The controller wired as startTui wires it (the host's confirms, the TUI's commands), drawn by ink-testing-library. The host must be interactive. */
export function mountController(opts: TuiControllerOptions): Pick<MountedApp, 'controller' | 'frames' | 'type' | 'frame' | 'pressWhenShown'> {
  const controller = new TuiController({ frameMs: 0, probe: false, ...opts });
  registerTuiCommands(controller);
  controller.start();
  const ui = render(<App controller={controller} />);
  const type = async (...chunks: string[]) => {
    for (const chunk of chunks) {
      ui.stdin.write(chunk);
      await settle(1);
    }
  };
  const pressWhenShown = (text: string, keys: string) => {
    const write = ui.stdout.write.bind(ui.stdout);
    let pressed = false;
    ui.stdout.write = (frame: string) => {
      write(frame);
      if (!pressed && plain(frame).includes(text)) {
        pressed = true;
        ui.stdin.write(keys);
      }
    };
  };
  return { controller, frames: ui.frames, type, frame: () => plain(ui.lastFrame()), pressWhenShown };
}

let asked = 0;
/**
 * Ask approvals about a call as the scheduler does (described by its tool,
 * which must be registered): with the interface mounted, a call that asks
 * joins the dialog's queue. Resolves with the decision.
 */
export function ask(host: LugHost, approvals: Approvals, tool: string, args: Record<string, unknown>, signal: AbortSignal = new AbortController().signal): Promise<AuthorizeDecision> {
  const argsText = JSON.stringify(args);
  const id = `ask-${++asked}`;
  return approvals.decide({ id, tool, args, argsText, description: describeCall(host.tools.get(tool), args, argsText, host.cwd), cwd: host.cwd }, signal);
}

export async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await settle(1);
  }
}

