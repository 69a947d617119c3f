/** Drives the real `lug` in a real terminal: tmux, with send-keys to type and capture-pane to read the screen. */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '@lug/testing';
import { afterEach } from 'vitest';
import { LUG_BIN, lugEnv, type sandbox, type Wire } from './run-lug.js';

/**
 * The screens' tmux configuration: a pane stays after its program exits, set
 * before the program starts. (Set afterwards, a lug that exits at once — a
 * usage error — took its pane and session with it, and the test read nothing.)
 */
const CONFIG = join(tmpdir(), `lug-e2e-tmux-${process.pid}.conf`);
writeFileSync(CONFIG, 'set-option -g remain-on-exit on\n');

export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

export class TmuxScreen {
  readonly name = `lug-e2e-${randomBytes(4).toString('hex')}`;
  /** A server of its own, so that ending one screen ends nothing else. */
  private socket = this.name;

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  /** Start `argv` in a new detached window of the given size, with exactly `env`. */
  start(argv: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; width?: number; height?: number }): void {
    const envArgs = Object.entries({ TERM: 'xterm-256color', ...opts.env }).flatMap(([k, v]) => (v === undefined ? [] : ['-e', `${k}=${v}`]));
    this.tmux('-f', CONFIG, 'new-session', '-d', '-s', this.name, '-x', String(opts.width ?? 100), '-y', String(opts.height ?? 30), '-c', opts.cwd, ...envArgs, '--', ...argv);
  }

  /**
   * The real `lug` (with `args`) in `box`'s project, against `server` in its `wire` format (lugEnv, then `env` over
   * it), once its first screen is up (the status line names the project): the screen then.
   */
  async startLug(server: ScriptedServer, box: ReturnType<typeof sandbox>, opts: { args?: string[]; wire?: Wire; env?: NodeJS.ProcessEnv; width?: number; height?: number } = {}): Promise<string> {
    const { args = [], wire = 'anthropic', env, ...size } = opts;
    this.start([process.execPath, LUG_BIN, ...args], { cwd: box.project, env: { ...lugEnv(server, wire, box), ...env }, ...size });
    return this.waitFor(/~\/project/);
  }

  /** Keys in tmux's notation ("Enter", "Escape", "BTab", "C-c") or literal text with `literal`. */
  send(keys: string, literal = false): void {
    this.tmux('send-keys', '-t', this.name, ...(literal ? ['-l', keys] : [keys]));
  }

  type(text: string): void {
    this.send(text, true);
  }

  /** Type a line and press Enter, as a person would: the keys arrive apart (typed at once, Enter would be part of a paste). */
  async submit(line: string): Promise<void> {
    this.type(line);
    await new Promise((r) => setTimeout(r, 150));
    this.send('Enter');
  }

  /** Bytes as the terminal sends them (a focus report: "1b 5b 4f"), written to the program's input as they are. */
  sendBytes(bytes: string): void {
    this.tmux('send-keys', '-t', this.name, '-H', ...bytes.split(/\s+/).filter(Boolean));
  }

  /** Whether the program rang the terminal's bell (tmux's window bell flag; a detached window keeps it). */
  rang(): boolean {
    return this.tmux('display-message', '-p', '-t', this.name, '#{window_bell_flag}').trim() === '1';
  }

  /** Paste `text` as a terminal does: bracketed (the program asked for it), in one go. */
  paste(text: string): void {
    this.tmux('set-buffer', '-b', this.name, '--', text);
    this.tmux('paste-buffer', '-p', '-d', '-b', this.name, '-t', this.name);
  }

  /** Resize the window, as dragging the terminal's corner does. */
  resize(width: number, height: number): void {
    this.tmux('resize-window', '-t', this.name, '-x', String(width), '-y', String(height));
  }

  /** The visible screen as text; with `escapes`, with its colours. */
  capture(escapes = false): string {
    return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', this.name);
  }

  /** Everything the pane showed: its scrollback and the visible screen, as text. */
  scrollback(): string {
    return this.tmux('capture-pane', '-p', '-S', '-', '-t', this.name);
  }

  /** Wait until the screen matches; throws with the screen when it does not in time. */
  async waitFor(pattern: RegExp | ((screen: string) => boolean), timeoutMs = 10_000, escapes = false): Promise<string> {
    const test = typeof pattern === 'function' ? pattern : (s: string) => pattern.test(s);
    const deadline = Date.now() + timeoutMs;
    let screen = '';
    while (Date.now() < deadline) {
      screen = this.capture(escapes);
      if (test(screen)) return screen;
      // A program that exited at once may have its output pushed above the visible screen by tmux's "Pane is dead".
      if (!escapes && this.paneDead()) {
        screen = this.scrollback();
        if (test(screen)) return screen;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the screen did not show ${pattern} within ${timeoutMs} ms; it shows:\n${screen}`);
  }

  /** The pid of the program in the pane, and whether it is still running. */
  panePid(): number {
    return Number(this.tmux('display-message', '-p', '-t', this.name, '#{pane_pid}').trim());
  }

  paneDead(): boolean {
    return this.tmux('display-message', '-p', '-t', this.name, '#{pane_dead}').trim() === '1';
  }

  kill(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}

type StartLugOptions = Parameters<TmuxScreen['startLug']>[2];
type Steps = Parameters<typeof startScriptedServer>[0];

/** A test file's scripted servers and tmux screens, each ended after the test that made it. */
export interface LugsInTmux {
  /** A scripted server of `steps` and the real lug against it in tmux (TmuxScreen.startLug). */
  start(steps: Steps, box: ReturnType<typeof sandbox>, opts?: StartLugOptions): Promise<{ server: ScriptedServer; screen: TmuxScreen }>;
  /** A scripted server of `steps` with no screen yet: for lug run against it before the interface, or without one. */
  server(steps: Steps): Promise<ScriptedServer>;
  /** A new screen with nothing started in it: for a second lug in one test, or a lug started otherwise. */
  screen(): TmuxScreen;
}

/**
 * For a test file: the servers and screens of LugsInTmux, and after each test its screens killed and its servers
 * closed (an afterEach this registers, so call it at the file's top level).
 */
export function lugsInTmux(): LugsInTmux {
  const servers: ScriptedServer[] = [];
  const screens: TmuxScreen[] = [];
  afterEach(async () => {
    for (const screen of screens.splice(0)) screen.kill();
    for (const server of servers.splice(0)) await server.close();
  });
  async function server(steps: Steps): Promise<ScriptedServer> {
    const scripted = await startScriptedServer(steps);
    servers.push(scripted);
    return scripted;
  }
  function screen(): TmuxScreen {
    const fresh = new TmuxScreen();
    screens.push(fresh);
    return fresh;
  }
  return {
    server,
    screen,
    async start(steps, box, opts) {
      const lug = { server: await server(steps), screen: screen() };
      await lug.screen.startLug(lug.server, box, opts);
      return lug;
    },
  };
}
