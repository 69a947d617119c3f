/**
 * The composition root: builds the host, loads the stock tool plugins,
 * approvals, the providers and Lua (basic.lug, init.lua, plugins), then applies
 * the command-line flags, which win over init.lua.
 */
import { createHostWithApprovals, type Approvals } from '@lug/approvals';
import {
  loadPlugin,
  Session,
  SessionStore,
  sessionsDir,
  stateDir,
  cacheDir,
  configDir,
  defaultModel,
  warmFetch,
  warmTools,
  rehearseTurn,
  type Checkpoints,
  type EditorFiles,
  type Env,
  type LugHost,
  type Provider,
} from '@lug/core';
import bash from '@lug/plugin-bash';
import edit from '@lug/plugin-edit';
import grep from '@lug/plugin-grep';
import ls from '@lug/plugin-ls';
import read from '@lug/plugin-read';
import write from '@lug/plugin-write';
import { checkSandboxCanStart, defineSandboxOptions, sandboxCommand, type SandboxMode } from '@lug/tools';
import { defineTuiOptions } from '@lug/tui/options';
import { join } from 'node:path';
import type { FengariLoader, LoadReport, LuaRuntime } from '@lug/lua-bridge';
import type { CliArgs } from './args.js';
import { CheckpointSetup } from './checkpoints.js';
import { McpSetup } from './mcp.js';
import { registerStockProviders } from './providers.js';
import type { SetV8Flags } from './settle-heap.js';

export const STOCK_PLUGINS = [read, write, edit, grep, ls, bash];

export type LuaHandle = LuaRuntime;

export interface Lug {
  host: LugHost;
  approvals: Approvals;
  session: Session;
  store: SessionStore;
  lua: LuaHandle | undefined;
  /** Errors from init.lua and plugins, each naming its file and line: shown; fatal only with auto mode (autoRefused). */
  startupErrors: string[];
  /**
   * Auto mode was asked for (--auto, --approval off, or init.lua before it failed)
   * while the configuration failed to load: approvals refuse it and lug runs in
   * "policy". Headless, lug exits 1 instead of running.
   */
  autoRefused: boolean;
  /** What --continue or --resume skipped or repaired in a damaged session file: shown, never fatal. */
  sessionNotices: string[];
  /**
   * Start loading the chosen model's provider SDK, rehearse its request and
   * core's turn (rehearseFirstTurn), and get the tools ready (warmTools).
   * Headless, compose loads the SDK itself while Lua loads, and the tools
   * warm during the first request; the interface calls this while the first
   * prompt is typed, with `busy` true once a turn runs (the turn's own
   * request then does what the rehearsal would).
   */
  warmProvider(busy?: () => boolean): void;
  /** MCP servers: configured at start, their client loaded and started by `startMcp` (the interface, after its first screen; headless, compose, before the turn). */
  mcp: McpSetup;
  startMcp(): void;
  /** The project's file checkpoints (:undo, :redo, :rewind, lug rewind, lug.checkpoint); what runs turns prunes them: the interface after its first screen (`pruneSoon`), headless once the first answer begins (`pruneAtFirstAnswer`). */
  checkpoints: CheckpointSetup;
  /**
   * Load the stock Lua workflows (once). Headless they have loaded before compose returns;
   * the interface calls it after its first screen, which they would delay. A turn waits for
   * them (a `before_turn` hook), so no request goes out without their tools and rules; one
   * that fails to load refuses auto mode, as a broken init.lua does.
   */
  startWorkflows(): Promise<void>;
}

/** What the binary's start-up machinery (startup/) hands to the composition. */
export interface StartupOptions {
  /** How the Lua bridge loads fengari's bundle; the binary runs it from a V8 code cache. Default: the bridge's own (require). */
  loadFengari?: FengariLoader;
  /** How lug.plugin imports a JavaScript plugin (the binary runs the Lua bridge from a CommonJS bundle, which cannot `import()`). Default: the bridge's own. */
  importModule?: (url: string) => Promise<unknown>;
  /**
   * Write the V8 code caches of the bundles run since the start-up's were written (the binary's; none
   * elsewhere): the interface calls it once its first turn is over, an idle moment (startup/start.ts).
   */
  saveCodeCaches?: () => void;
  /**
   * Set V8 flags for the rest of the run (`v8.setFlagsFromString`), the code caches following: V8 rejects a
   * cache written under other flags (startup/code-cache.ts). Default: v8.setFlagsFromString (no caches).
   */
  setV8Flags?: SetV8Flags;
}

export interface ComposeOptions extends StartupOptions {
  cwd: string;
  env: Env;
  args: CliArgs;
  interactive: boolean;
  /** Called with the host as soon as it exists, before plugins and init.lua load (`lug --acp` keeps what Lua says at start-up for the editor). */
  onHost?(host: LugHost): void;
  /** Read and write files' text through the editor (`lug --acp`, when the editor offers it). */
  files?: EditorFiles;
}

async function loadLua(host: LugHost, approvals: Approvals, env: Env, startup: StartupOptions, mcp: McpSetup, checkpoints: Checkpoints, workflows: 'now' | 'later'): Promise<{ lua: LuaHandle; errors: string[]; warnings: string[] }> {
  const { createLuaRuntime, ChunkCache, stockChunkDir } = await import('@lug/lua-bridge');
  const runtime = createLuaRuntime(host, approvals, {
    configDir: configDir(env),
    // Compiled Lua, kept for the next start; the stock Lua's, compiled when lug was built.
    chunkCache: new ChunkCache({ dir: join(cacheDir(env), 'lua'), shipped: stockChunkDir() }),
    loadFengari: startup.loadFengari,
    importModule: startup.importModule,
    mcp: mcp.config,
    checkpoints,
  });
  const report = await runtime.loadStartup({ workflows });
  return { lua: runtime, errors: loadErrors(report), warnings: report.warnings };
}

const loadErrors = (report: LoadReport): string[] => report.errors.map((e) => `${e.file} failed to load: ${e.message}`);

/** The workflows the interface left for after its first screen: loaded once, waited for by every turn. */
function workflowStarter(host: LugHost, approvals: Approvals, lua: LuaHandle): () => Promise<void> {
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= lua.loadWorkflows().then((report) => {
      const errors = loadErrors(report);
      if (errors.length) approvals.refuseAuto(refusalReason(errors));
    }));
  host.hooks.on('before_turn', () => start(), 'the stock workflows');
  return start;
}

function refusalReason(errors: string[]): string {
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${errors[0]}${more}, so rules may be missing; fix the configuration and start lug again`;
}

/** Load a provider's SDK (~100-200 ms unbundled) before the first request needs it: the provider and its own name for the model. */
function loadProvider(host: LugHost, model: string | undefined): Promise<{ provider: Provider; model: string } | undefined> {
  return model ? host.providers.resolve(model, host.env).catch(() => undefined) : Promise.resolve(undefined);
}

/**
 * loadProvider, then run its request path once against the loopback
 * (Provider.warm; for a provider without one, a request through Node's
 * fetch: core's warmFetch), then a turn through core's turn code on a
 * throwaway host (rehearseTurn), each unless a turn runs by then (`busy`:
 * its own request and turn do the same), so the first turn runs none of it
 * cold. Each step starts in a turn of the event loop of its own (busyAfterKeys),
 * as the interface's own warm-up does with its steps (warm-while-typing.ts,
 * stagesInTurns): the keys typed meanwhile are read between them, and an
 * Enter among them is a turn that `busy` sees. Run back to back as promise
 * callbacks, the loads held the keys ~90 ms. The two run side by side: one
 * list of all the steps in stagesInTurns was measured and kept the typed
 * first turn colder (1.69× against 1.14× its later turns, 14 sessions each)
 * and a key typed 20 ms after the first waited longer for its echo (70 ms
 * against 54).
 */
async function rehearseFirstTurn(host: LugHost, model: string | undefined, busy: () => boolean = () => false): Promise<void> {
  const loaded = await loadProvider(host, model);
  if (await busyAfterKeys(busy)) return;
  // A third party's warm() may break its promise never to reject: a failed warm-up only leaves the first turn cold.
  if (loaded?.provider.warm) await loaded.provider.warm(loaded.model).catch(() => {});
  else await warmFetch();
  if (!(await busyAfterKeys(busy))) await rehearseTurn(host.cwd);
}

/** `busy()` once the event loop has gone round, reading what the terminal sent meanwhile. */
function busyAfterKeys(busy: () => boolean): Promise<boolean> {
  return new Promise((resolve) => setImmediate(() => resolve(busy())));
}

/**
 * --resume ID: the whole id, or a unique beginning of one, as :resume takes
 * it (this directory's sessions first, then any).
 */
function resumeId(store: SessionStore, cwd: string, given: string): string {
  const all = store.list();
  if (all.some((s) => s.id === given)) return given;
  for (const sessions of [all.filter((s) => s.cwd === cwd), all]) {
    const match = sessions.filter((s) => s.id.startsWith(given));
    if (match.length === 1) return match[0]!.id;
    if (match.length > 1) throw new Error(`--resume: "${given}" matches ${match.length} sessions: give more of the id`);
  }
  // Loading it says what is wrong (no such session, or a damaged one).
  return given;
}

/** Stored session `id` opened to go on with: its messages, usage, compactions, branches and plugin state; `notice` says what loading it skipped. */
export function openStoredSession(host: LugHost, store: SessionStore, id: string): { session: Session; notice?: string } {
  const stored = store.load(id);
  const session = new Session(host, { store, id, messages: stored.messages, usage: stored.usage, cost: stored.cost, compactions: stored.compactions, branches: stored.branches.length, hydrate: stored.hydrate, state: stored.state, subagents: stored.subagents });
  return { session, notice: stored.notice };
}

function openSession(host: LugHost, store: SessionStore, args: CliArgs): { session: Session; notices: string[] } {
  const id = args.resume !== undefined ? resumeId(store, host.cwd, args.resume) : args.continue ? store.latest(host.cwd) : undefined;
  if (args.continue && !id) throw new Error(`--continue: there is no earlier session in ${host.cwd}`);
  if (!id) return { session: new Session(host, { store }), notices: [] };
  const { session, notice } = openStoredSession(host, store, id);
  return { session, notices: notice ? [notice] : [] };
}

export async function composeLug(opts: ComposeOptions): Promise<Lug> {
  const { cwd, env, args } = opts;
  let session: Session | undefined;
  // Approvals guard the host from the moment it exists; interactive, its confirms wait for the interface.
  const { host, approvals } = createHostWithApprovals(
    { cwd, env, interactive: opts.interactive, ...(opts.files ? { files: opts.files } : {}) },
    { logPath: join(stateDir(env), 'approvals.log'), sessionId: () => session?.id ?? '' },
  );
  opts.onHost?.(host);
  registerStockProviders(host);
  // The interface's options exist headless too, so one init.lua serves both.
  defineTuiOptions(host.options);
  // The OS sandbox's options (lug.opt.sandbox, sandbox_network) and :sandbox, before init.lua can set them.
  defineSandboxOptions(host.options);
  host.commands.register(sandboxCommand(host.options, (message, level) => host.ui.notify(message, level)));
  // Checkpoints before and after each turn; their options exist before init.lua can set them.
  const checkpoints = new CheckpointSetup(host, () => session?.id ?? '');
  // Headless, the likely provider loads while plugins and Lua do; if init.lua picks another model, only the warm-up was wasted.
  if (!opts.interactive) void loadProvider(host, args.model ?? defaultModel(env));
  for (const plugin of STOCK_PLUGINS) await loadPlugin(host, plugin, plugin.name);
  const mcp = new McpSetup(host, env);
  // The interface draws its first screen before the stock workflows load (startWorkflows); headless needs them now.
  const { lua, errors, warnings } = await loadLua(host, approvals, env, opts, mcp, checkpoints, opts.interactive ? 'later' : 'now');
  errors.push(...mcp.errors);
  // Headless, the turn may use the servers' tools: they start (or fail) before it.
  if (!opts.interactive) errors.push(...(await mcp.startAndWait()));
  if (args.model) host.options.set('model', args.model);
  if (args.approval) host.options.set('approval', args.approval);
  if (args.thinking) host.options.set('thinking', args.thinking);
  if (args.sandbox) host.options.set('sandbox', args.sandbox);
  // A sandbox asked for (by init.lua or --sandbox) that cannot start here stops lug with the reason: never an unsandboxed run.
  checkSandboxCanStart(host.options.get<SandboxMode>('sandbox'));
  // A configuration that failed to load may be missing its deny rules: no auto mode then, whoever asks for it.
  const autoRefused = errors.length > 0 && (args.auto || approvals.isAuto());
  if (errors.length) approvals.refuseAuto(refusalReason(errors));
  else if (args.auto && !approvals.isAuto()) approvals.toggleAuto();
  const store = new SessionStore(sessionsDir(env));
  const opened = openSession(host, store, args);
  session = opened.session;
  // lug.session.messages reads the conversation on screen.
  const current = session;
  lua?.setConversation(() => current.messages);
  // The model the session will ask: with no `model` option, the environment's default (a key's provider),
  // with one request through its SDK to the loopback and one turn through core on a throwaway host, so the first
  // turn runs no request or turn code cold (Provider.warm, rehearseTurn).
  // And the tools: ripgrep found and started once, before the first call (core's warmTools, once a host).
  const warm = (busy: () => boolean = () => false) => {
    void rehearseFirstTurn(host, current.modelName(), busy);
    // The tools' warm-ups (a first process start) after the provider's first step, unless a turn runs by then:
    // core warms them at its first answer (warmToolsAtFirstResponse), not before its request.
    void busyAfterKeys(busy).then((running) => running || warmTools(host));
  };
  const startWorkflows = opts.interactive ? workflowStarter(host, approvals, lua) : () => Promise.resolve();
  return { host, approvals, session, store, lua, startupErrors: errors, autoRefused, // Lua's start-up warnings were notified before any interface listened: the interface shows them with the session's notices.
    sessionNotices: [...opened.notices, ...(opts.interactive ? warnings : [])], warmProvider: warm, mcp, startMcp: () => mcp.startSoon(), checkpoints, startWorkflows };
}
