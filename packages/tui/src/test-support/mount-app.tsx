/** Mounts the whole app (ink-testing-library) with a fake session that emits events like the core's. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { cleanup, render } from 'ink-testing-library';
import { allowAll, createHost, type CallInfo, type LugHost } from '@lug/core';
import { App } from '../app.js';
import { registerTuiCommands } from '../commands.js';
import { TuiController, type TuiControllerOptions } from '../controller.js';
import { defineTuiOptions } from '../options.js';
import { FakeApprovals, FakeSession } from './fakes.js';
import { plain, settle } from './ink.js';

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
  approvals: FakeApprovals;
  session: FakeSession;
  controller: TuiController;
  dir: string;
  /** Every frame ink wrote (debug mode: each is the whole output). */
  frames: string[];
  /** Write each chunk to stdin as a terminal would, letting ink settle between them. */
  type(...chunks: string[]): Promise<void>;
  /** The last frame, styling removed. */
  frame(): string;
}

export function mountApp(opts: { script?: (prompt: string, s: FakeSession) => void; model?: string | null; extra?: Partial<TuiControllerOptions> } = {}): MountedApp {
  const dir = tempDir();
  // The fake session runs no tool calls; the fake approvals answer the dialog.
  const host = createHost({ cwd: dir, env: { HOME: dir }, authorize: allowAll, interactive: true });
  defineTuiOptions(host.options);
  const approvals = new FakeApprovals(host);
  const session = new FakeSession(host, opts.script);
  if (opts.model === null) session.model = undefined;
  const mounted = mountController({ host, session, approvals, version: '0.0.0-test', stateDir: dir, ...opts.extra });
  return { ...mounted, host, approvals, session, dir };
}

/** The controller wired as startTui wires it (the host's confirms, the TUI's commands), drawn by ink-testing-library. The host must be interactive. */
export function mountController(opts: TuiControllerOptions): Pick<MountedApp, 'controller' | 'frames' | 'type' | 'frame'> {
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
  return { controller, frames: ui.frames, type, frame: () => plain(ui.lastFrame()) };
}

export function call(id: string, tool: string, args: Record<string, unknown>): CallInfo {
  return { id, tool, args, argsText: JSON.stringify(args) };
}

export async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await settle(1);
  }
}

