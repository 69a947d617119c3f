/**
 * createLuaRuntime: one Lua state for a lug process, with the `lug` global, the
 * start-up load order (basic.lug → init.lua → plugins → stock workflows), `:lua` and lug.docs.
 */
import * as path from 'node:path';
import { configDir as xdgConfigDir, integerOption, type Checkpoints, type Env, type LugHost } from '@lug/core';
import type { Approvals } from '@lug/approvals';
import type { ApiContext, ConfigInfo } from './api/api-context.js';
import { Owners, Registrations } from './api/owners.js';
import { reloadConfig, sourceFile, type ReloadParts, type SourceResult } from './reload.js';
import type { ConversationSource } from './api/session-messages.js';
import { installLugGlobal } from './api/lug-table.js';
import { ChunkCache } from './chunk-cache.js';
import { DocIndex, readDocsDir, type DocEntry } from './docs/doc-index.js';
import { optionEntries } from './docs/option-entries.js';
import { DEFAULT_LUA_BUDGET, LuaVM } from './lua-vm.js';
import type { FengariLoader } from './fengari.js';
import { luaRunner, type LuaRunResult } from './lua-show.js';
import { luaCompleter } from './lua-complete.js';
import { loadProcessRunner, type ProcessRunner } from './process-runner.js';
import { openStandardLibraries } from './stdlib/open.js';
import { defaultRuntimePath } from './runtime-files.js';
import { startupOrder, type LoadReport } from './startup.js';
import { findWorkflows } from './workflows.js';
import type { McpConfigSink } from './api/mcp-sink.js';

/** A JavaScript plugin's module, imported as an ES module (RuntimeOptions.importModule). */
const importModule = (url: string): Promise<unknown> => import(url);

export type { LoadError, LoadedFile, LoadReport } from './startup.js';
export type { SourceResult } from './reload.js';
export type { LuaRunResult } from './lua-show.js';

export interface LuaRuntimeOptions {
  /** The user's Lua: init.lua, plugins/, lua/. Default $XDG_CONFIG_HOME/lug, else ~/.config/lug (from host.env). */
  configDir?: string;
  /** The stock runtime. Default: lua/basic.lug shipped with this package. */
  runtimePath?: string;
  /** The stock workflows (NAME.lua each). Default: workflows/ beside the runtime file. */
  workflowsDir?: string;
  /** The annotations and reference pages behind lug.docs. Default: docs/ beside the runtime file. */
  docsDir?: string;
  /**
   * Keep compiled chunks between states and processes. Default: in memory only. With a
   * directory (the CLI passes $XDG_CACHE_HOME/lug/lua), compiled chunks are kept there for
   * the next process. See ChunkCache.
   */
  chunkCache?: ChunkCache;
  /**
   * How fengari is loaded, by the first runtime of a process: given the file of the patched
   * bundle (`dist/fengari.cjs`), return its exports. Default: `require` it. The CLI runs it
   * from a V8 code cache. A missing bundle, or a loader that returns anything but that
   * bundle's fengari, is an error.
   */
  loadFengari?: FengariLoader;
  /**
   * How lug.plugin imports a JavaScript plugin's module (a file URL). Default: `import()`.
   * The binary runs this package from a CommonJS bundle, where `import()` is not
   * available, and hands in its own.
   */
  importModule?: (url: string) => Promise<unknown>;
  /** Where lug.proc gets its runner. Default: @lug/tools, imported on first use. */
  processRunner?: () => Promise<ProcessRunner>;
  /** Where lug.mcp's servers go (the CLI: @lug/mcp's configuration). Without it lug.mcp.add is an error. */
  mcp?: McpConfigSink;
  /** The project's file checkpoints, for lug.checkpoint (the CLI: @lug/checkpoints'). Without them its functions are an error. */
  checkpoints?: Checkpoints;
}

export interface LuaRuntime {
  /**
   * Load basic.lug, init.lua, the plugins, then the stock workflows (each once). Failures are
   * reported (and notified), never thrown. With `{ workflows: 'later' }` it returns once the
   * plugins have loaded, and the workflows wait for `loadWorkflows` (the interface: after its
   * first screen, which they would otherwise delay by some 40 ms).
   */
  loadStartup(opts?: { workflows?: 'now' | 'later' }): Promise<LoadReport>;
  /** The stock workflows (once, after init.lua and the plugins); then the checks that wait for every file (a rule's tool). Their report. */
  loadWorkflows(): Promise<LoadReport>;
  /** What `:lua` text could go on with at its end: globals, and the fields after `a.b.` (`lug.ke` → `lug.keymap`), as whole texts. Never waits, never throws. */
  complete(text: string): string[];
  /** Run a chunk (`:lua`): an expression's values, or a statement's returns. Errors reject with a LuaError. */
  run(code: string, chunkName?: string): Promise<LuaRunResult>;
  docs: {
    search(words: string, limit?: number): DocEntry[];
    get(name: string): DocEntry | undefined;
    entries(): readonly DocEntry[];
  };
  /**
   * `:source FILE`: take back what FILE registered the last time it ran, and run
   * it again (default: init.lua); a relative FILE is from the working directory.
   * A failure is reported (a `notify` of level "error", and in the result), never thrown.
   */
  source(file?: string): Promise<SourceResult>;
  /** `:reload`: source init.lua and every Lua plugin again, in start-up order. */
  reload(): Promise<SourceResult[]>;
  /** Where lug.session.messages reads the conversation (the CLI: its session's messages, once it is open). */
  setConversation(source: ConversationSource): void;
  config: ConfigInfo;
  /** Undo everything Lua registered (tools, rules, hooks, commands, keys) and close the state. */
  close(): void;
}

/** The budget of every call into Lua (see lua-vm.ts). */
export const LUA_BUDGET_OPTION = integerOption(
  'lua_budget',
  10_000,
  10_000_000_000,
  DEFAULT_LUA_BUDGET,
  'How many Lua instructions one call into Lua (a rule, a hook, a tool handler, the status line, init.lua, :lua) may run without waiting before lug stops it with an error naming the file and line (about a second per 10,000,000). Waiting (lug.ui.confirm, lug.proc.run…) starts a new budget.',
);

/** `$XDG_CONFIG_HOME/lug`, else `~/.config/lug`: core's configDir (a relative XDG value is ignored). */
export function defaultConfigDir(env: Env): string {
  return xdgConfigDir(env);
}

/** Where the user's Lua is, and the stock workflows (from `stockWorkflowsDir`) with the user's own beside them. */
function configInfo(configDir: string, stockWorkflowsDir: string): ConfigInfo {
  const config: ConfigInfo = {
    dir: configDir,
    initFile: path.join(configDir, 'init.lua'),
    pluginsDir: path.join(configDir, 'plugins'),
    plugins: [],
    workflowsDir: path.join(configDir, 'workflows'),
    workflows: [],
    workflowsStarted: false,
  };
  config.workflows.push(...findWorkflows(stockWorkflowsDir, config.workflowsDir));
  return config;
}

/**
 * lug.opt.lua_budget (defined once a host). Read at every call into Lua
 * (five rules: five reads), so kept here and changed with the option, not
 * looked up each time.
 */
function watchBudget(host: LugHost): { get: () => number; stop: () => void } {
  if (!host.options.has(LUA_BUDGET_OPTION.name)) host.options.define(LUA_BUDGET_OPTION);
  let budget = host.options.get<number>(LUA_BUDGET_OPTION.name);
  const stop = host.options.onChange((name, value) => {
    if (name === LUA_BUDGET_OPTION.name) budget = value as number;
  });
  return { get: () => budget, stop };
}

/** lug.docs' index: the reference pages in `docsDir` (read at the first search), and the options defined now. */
function docsOf(docsDir: string, host: LugHost): () => DocIndex {
  let pages: DocIndex | undefined;
  return () => {
    pages ??= new DocIndex(readDocsDir(docsDir));
    return new DocIndex([...pages.all(), ...optionEntries(host.options)]);
  };
}

/** Runs work one at a time, each after the last has settled (failed or not). */
function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let running: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  };
}

/** Lua's standard libraries (what they print becomes notifications), then the lug global. */
function openLibraries(ctx: ApiContext, cache: ChunkCache): void {
  const { vm, host } = ctx;
  const output = (text: string, stream: 'stdout' | 'stderr') => {
    const message = text.replace(/\n$/, '');
    if (message) host.ui.notify(message, stream === 'stderr' ? 'warn' : 'info');
  };
  openStandardLibraries(vm, { cwd: () => host.cwd, env: () => host.env, output }, cache);
  installLugGlobal(ctx);
}

/** `:source` and `:reload`, each once start-up has loaded. */
function sourceAndReload(reloadParts: ReloadParts, loadStartup: () => Promise<LoadReport>): Pick<LuaRuntime, 'source' | 'reload'> {
  // One run at a time: a :source typed while another runs waits for it.
  const serially = oneAtATime();
  return {
    source: (file) => serially(async () => {
      await loadStartup();
      return sourceFile(reloadParts, file ?? reloadParts.config.initFile);
    }),
    reload: () => serially(async () => {
      await loadStartup();
      return reloadConfig(reloadParts);
    }),
  };
}

/** The runtime's view of lug.docs' index. */
function docsView(docs: () => DocIndex): LuaRuntime['docs'] {
  return {
    search: (words, limit) => docs().search(words, limit),
    get: (name) => docs().get(name),
    entries: () => docs().all(),
  };
}

export function createLuaRuntime(host: LugHost, approvals: Approvals | undefined, opts: LuaRuntimeOptions = {}): LuaRuntime {
  const configDir = opts.configDir ?? defaultConfigDir(host.env);
  const runtimePath = opts.runtimePath ?? defaultRuntimePath();
  const docsDir = opts.docsDir ?? path.join(path.dirname(runtimePath), 'docs');
  const cache = opts.chunkCache ?? ChunkCache.shared();
  const config = configInfo(configDir, opts.workflowsDir ?? path.join(path.dirname(runtimePath), 'workflows'));
  const budget = watchBudget(host);
  const vm = new LuaVM({ loadFengari: opts.loadFengari, budget: budget.get });
  const registrations = new Registrations();
  let conversation: ConversationSource | undefined;
  const owners = new Owners(vm, config);
  const docs = docsOf(docsDir, host);
  const afterStartup: ApiContext['afterStartup'] = [];
  const startup = startupOrder({ vm, host, cache, config, runtimePath, owners }, afterStartup);
  const ctx: ApiContext = {
    vm,
    host,
    approvals,
    config,
    docs,
    processRunner: opts.processRunner ?? loadProcessRunner,
    importModule: opts.importModule ?? importModule,
    mcp: opts.mcp,
    checkpoints: opts.checkpoints,
    track: (remove, owner = owners.current()) => registrations.track(remove, owner),
    owners,
    registrations,
    conversation: () => conversation?.(),
    startupOver: startup.over,
    afterStartup,
  };
  openLibraries(ctx, cache);

  const reloadParts = { vm, host, approvals, cache, config, owners, registrations };
  const { loadStartup, loadWorkflows } = startup;
  return {
    loadStartup,
    loadWorkflows,
    complete: luaCompleter(vm),
    run: luaRunner(vm),
    setConversation(source) {
      conversation = source;
    },
    ...sourceAndReload(reloadParts, loadStartup),
    docs: docsView(docs),
    config,
    close() {
      registrations.undoAll();
      vm.close();
      budget.stop();
    },
  };
}
