/**
 * createLuaRuntime: one Lua state for a lug process, with the `lug` global, the
 * start-up load order (basic.lug → init.lua → plugins → stock workflows), `:lua` and lug.docs.
 */
import * as path from 'node:path';
import { configDir as xdgConfigDir, integerOption, type Checkpoints, type Env, type LugHost } from '@lug/core';
import type { Approvals } from '@lug/approvals';
import type { ApiContext, ConfigInfo } from './api/api-context.js';
import { Owners, Registrations } from './api/owners.js';
import { reloadConfig, sourceFile, type SourceResult } from './reload.js';
import type { ConversationSource } from './api/session-messages.js';
import { installLugGlobal } from './api/lug-table.js';
import { ChunkCache } from './chunk-cache.js';
import { DocIndex, readDocsDir, type DocEntry } from './docs/doc-index.js';
import { optionEntries } from './docs/option-entries.js';
import { DEFAULT_LUA_BUDGET, LuaVM } from './lua-vm.js';
import type { FengariLoader } from './fengari.js';
import { loadShow } from './lua-show.js';
import { COMPLETE_SOURCE } from './lua-complete.js';
import type { LuaFunctionRef } from './lua-values.js';
import { loadProcessRunner, type ProcessRunner } from './process-runner.js';
import { openStandardLibraries } from './stdlib/open.js';
import { defaultRuntimePath } from './runtime-files.js';
import { loadConfigFiles, loadWorkflowFiles, type LoadReport } from './startup.js';
import { findWorkflows } from './workflows.js';
import type { McpConfigSink } from './api/mcp-sink.js';

/** A JavaScript plugin's module, imported as an ES module (RuntimeOptions.importModule). */
const importModule = (url: string): Promise<unknown> => import(url);

export type { LoadError, LoadedFile, LoadReport } from './startup.js';
export type { SourceResult } from './reload.js';

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

export interface LuaRunResult {
  values: unknown[];
  /** The values as the `:lua` command shows them. */
  text: string;
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

export function createLuaRuntime(host: LugHost, approvals: Approvals | undefined, opts: LuaRuntimeOptions = {}): LuaRuntime {
  const configDir = opts.configDir ?? defaultConfigDir(host.env);
  const runtimePath = opts.runtimePath ?? defaultRuntimePath();
  const docsDir = opts.docsDir ?? path.join(path.dirname(runtimePath), 'docs');
  const cache = opts.chunkCache ?? ChunkCache.shared();
  const config: ConfigInfo = {
    dir: configDir,
    initFile: path.join(configDir, 'init.lua'),
    pluginsDir: path.join(configDir, 'plugins'),
    plugins: [],
    workflowsDir: path.join(configDir, 'workflows'),
    workflows: [],
    workflowsStarted: false,
  };
  config.workflows.push(...findWorkflows(opts.workflowsDir ?? path.join(path.dirname(runtimePath), 'workflows'), config.workflowsDir));
  if (!host.options.has(LUA_BUDGET_OPTION.name)) host.options.define(LUA_BUDGET_OPTION);
  // Read at every call into Lua (five rules: five reads), so kept here and changed with the option, not looked up each time.
  let budget = host.options.get<number>(LUA_BUDGET_OPTION.name);
  const stopWatchingBudget = host.options.onChange((name, value) => {
    if (name === LUA_BUDGET_OPTION.name) budget = value as number;
  });
  const vm = new LuaVM({ loadFengari: opts.loadFengari, budget: () => budget });
  const registrations = new Registrations();
  let conversation: ConversationSource | undefined;
  const owners = new Owners(vm, config);
  let docIndex: DocIndex | undefined;
  const docs = () => {
    docIndex ??= new DocIndex(readDocsDir(docsDir));
    return new DocIndex([...docIndex.all(), ...optionEntries(host.options)]);
  };
  let startupOver = false;
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
    startupOver: () => startupOver,
    afterStartup: [],
  };
  const output = (text: string, stream: 'stdout' | 'stderr') => {
    const message = text.replace(/\n$/, '');
    if (message) host.ui.notify(message, stream === 'stderr' ? 'warn' : 'info');
  };
  openStandardLibraries(vm, { cwd: () => host.cwd, env: () => host.env, output }, cache);
  installLugGlobal(ctx);

  const startupParts = { vm, host, cache, config, runtimePath, owners };
  let configLoad: Promise<LoadReport> | undefined;
  let workflowLoad: Promise<LoadReport> | undefined;
  const loadConfig = (): Promise<LoadReport> =>
    (configLoad ??= loadConfigFiles(startupParts).then((report) => {
      startupOver = true;
      return report;
    }));
  const loadWorkflows = (): Promise<LoadReport> =>
    (workflowLoad ??= loadConfig()
      .then(() => loadWorkflowFiles(startupParts))
      .then((report) => {
        // What could only be judged once every file had loaded (a rule's tool): warnings, notified and reported.
        for (const check of ctx.afterStartup.splice(0)) {
          const warning = check();
          if (!warning) continue;
          report.warnings.push(warning);
          host.ui.notify(warning, 'warn');
        }
        return report;
      }));
  const loadStartup = async (opts: { workflows?: 'now' | 'later' } = {}): Promise<LoadReport> => {
    const first = await loadConfig();
    if (opts.workflows === 'later') return first;
    const then = await loadWorkflows();
    return {
      files: [...first.files, ...then.files],
      errors: [...first.errors, ...then.errors],
      warnings: [...first.warnings, ...then.warnings],
      plugins: first.plugins,
      ms: first.ms + then.ms,
    };
  };
  const reloadParts = { vm, host, approvals, cache, config, owners, registrations };
  // One run at a time: a :source typed while another runs waits for it.
  let running: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  };

  let show: LuaFunctionRef | undefined;
  const run = async (code: string, chunkName = '=:lua'): Promise<LuaRunResult> => {
    // "=expr" is an expression, as Neovim's :lua =expr; otherwise, like Lua's own REPL, an expression first, then statements.
    let fn;
    if (code.trimStart().startsWith('=')) fn = vm.load(`return ${code.trimStart().slice(1)}`, chunkName);
    else {
      try {
        fn = vm.load(`return ${code}`, chunkName);
      } catch {
        fn = vm.load(code, chunkName);
      }
    }
    try {
      show ??= await loadShow(vm);
      const [text, n, ...values] = await vm.callAsync(show, [fn]);
      return { values: Array.from({ length: Number(n) }, (_, i) => values[i]), text: String(text) };
    } finally {
      fn.release();
    }
  };

  let completer: LuaFunctionRef | undefined;
  const complete = (text: string): string[] => {
    try {
      if (!completer) {
        const chunk = vm.load(COMPLETE_SOURCE, '=lug.complete');
        completer = (vm.call(chunk) as unknown[])[0] as LuaFunctionRef;
        chunk.release();
      }
      const out = vm.call(completer, [text]);
      if (out instanceof Promise) return [];
      return Array.isArray(out[0]) ? out[0].map(String) : [];
    } catch {
      return [];
    }
  };

  return {
    loadStartup,
    loadWorkflows,
    complete,
    run,
    setConversation(source) {
      conversation = source;
    },
    source: (file) => serially(async () => {
      await loadStartup();
      return sourceFile(reloadParts, file ?? config.initFile);
    }),
    reload: () => serially(async () => {
      await loadStartup();
      return reloadConfig(reloadParts);
    }),
    docs: {
      search: (words, limit) => docs().search(words, limit),
      get: (name) => docs().get(name),
      entries: () => docs().all(),
    },
    config,
    close() {
      registrations.undoAll();
      vm.close();
      stopWatchingBudget();
    },
  };
}
