/**
 * createLuaRuntime: one Lua state for a lug process, with the `lug` global, the
 * start-up load order (basic.lug → init.lua → plugins), `:lua` and lug.docs.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LugHost } from '@lug/core';
import type { Approvals } from '@lug/approvals';
import { trackRegistrations, type ApiContext, type ConfigInfo, type PluginInfo } from './api/api-context.js';
import { installLugGlobal } from './api/lug-table.js';
import { ChunkCache } from './chunk-cache.js';
import { DocIndex, readDocsDir, type DocEntry } from './docs/doc-index.js';
import { optionEntries } from './docs/option-entries.js';
import { LuaError } from './lua-error.js';
import { LuaVM } from './lua-vm.js';
import { formatLuaValues } from './format-values.js';
import { loadProcessRunner, type ProcessRunner } from './process-runner.js';
import { openStandardLibraries } from './stdlib/open.js';
import { defaultRuntimePath } from './runtime-files.js';

export interface LuaRuntimeOptions {
  /** The user's Lua: init.lua, plugins/, lua/. Default $XDG_CONFIG_HOME/lug, else ~/.config/lug (from host.env). */
  configDir?: string;
  /** The stock runtime. Default: lua/basic.lug shipped with this package. */
  runtimePath?: string;
  /** The annotations and reference pages behind lug.docs. Default: docs/ beside the runtime file. */
  docsDir?: string;
  /** Keep compiled chunks between runs and processes. Default: in memory only. See ChunkCache. */
  chunkCache?: ChunkCache;
  /** Where lug.proc gets its runner. Default: @lug/tools, imported on first use. */
  processRunner?: () => Promise<ProcessRunner>;
}

export interface LoadError {
  stage: 'runtime' | 'init' | 'plugin';
  /** The file that failed to load. */
  file: string;
  /** Where the error happened: "/…/init.lua", 12 (may be another file the loaded one required). */
  errorFile?: string;
  line?: number;
  message: string;
  traceback?: string;
}

export interface LoadedFile {
  stage: LoadError['stage'];
  file: string;
  ok: boolean;
  ms: number;
}

export interface LoadReport {
  files: LoadedFile[];
  errors: LoadError[];
  plugins: PluginInfo[];
  ms: number;
}

export interface LuaRunResult {
  values: unknown[];
  /** The values as the `:lua` command shows them. */
  text: string;
}

export interface LuaRuntime {
  /** Load basic.lug, init.lua and the plugins. Failures are reported (and notified), never thrown. */
  loadStartup(): Promise<LoadReport>;
  /** Run a chunk (`:lua`): an expression's values, or a statement's returns. Errors reject with a LuaError. */
  run(code: string, chunkName?: string): Promise<LuaRunResult>;
  docs: {
    search(words: string, limit?: number): DocEntry[];
    get(name: string): DocEntry | undefined;
    entries(): readonly DocEntry[];
  };
  config: ConfigInfo;
  /** Undo everything Lua registered (tools, rules, hooks, commands, keys) and close the state. */
  close(): void;
}

export function defaultConfigDir(env: NodeJS.ProcessEnv | Record<string, string | undefined>): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'lug');
  return path.join(env.HOME || os.homedir(), '.config', 'lug');
}

/** Plugin directories (those holding an init.lua, or not: both are listed), sorted by name. */
function findPlugins(pluginsDir: string): PluginInfo[] {
  let names: string[];
  try {
    names = fs.readdirSync(pluginsDir, { withFileTypes: true }).filter((d) => d.isDirectory() || d.isSymbolicLink()).map((d) => d.name).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const dir = path.join(pluginsDir, name);
    return { name, dir, kind: 'lua' as const, entry: path.join(dir, 'init.lua'), loaded: false };
  });
}

function luaPath(dirs: string[]): string {
  return dirs.flatMap((d) => [path.join(d, 'lua', '?.lua'), path.join(d, 'lua', '?', 'init.lua')]).join(';');
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
  };
  const vm = new LuaVM();
  const registrations = trackRegistrations();
  let docIndex: DocIndex | undefined;
  const docs = () => {
    docIndex ??= new DocIndex(readDocsDir(docsDir));
    return new DocIndex([...docIndex.all(), ...optionEntries(host.options)]);
  };
  const ctx: ApiContext = {
    vm,
    host,
    approvals,
    config,
    docs,
    processRunner: opts.processRunner ?? loadProcessRunner,
    track: registrations.track,
  };
  const output = (text: string, stream: 'stdout' | 'stderr') => {
    const message = text.replace(/\n$/, '');
    if (message) host.ui.notify(message, stream === 'stderr' ? 'warn' : 'info');
  };
  openStandardLibraries(vm, { cwd: () => host.cwd, env: () => host.env, output });
  installLugGlobal(ctx);

  /** Compile (or take from the cache) and run one file on its own coroutine. */
  const runFile = async (file: string): Promise<void> => {
    const source = fs.readFileSync(file);
    const fn = cache.load(vm, source, `@${file}`);
    try {
      await vm.callAsync(fn);
    } finally {
      fn.release();
    }
  };

  const loadStartup = async (): Promise<LoadReport> => {
    const started = performance.now();
    const report: LoadReport = { files: [], errors: [], plugins: config.plugins, ms: 0 };
    config.plugins.push(...findPlugins(config.pluginsDir));
    const luaPlugins = config.plugins.filter((p) => p.kind === 'lua');
    vm.runSetup('package.path = ...', 'lug path', [luaPath([configDir, ...luaPlugins.map((p) => p.dir)])]);

    const attempt = async (stage: LoadError['stage'], file: string, plugin?: PluginInfo) => {
      const t = performance.now();
      let ok = true;
      try {
        await runFile(file);
      } catch (err) {
        ok = false;
        const error = loadError(stage, file, err);
        report.errors.push(error);
        if (plugin) plugin.error = error.message;
        host.events.emit('notify', { message: `${describeStage(stage, file)} failed to load: ${error.message}`, level: 'error' });
      }
      if (plugin) plugin.loaded = ok;
      report.files.push({ stage, file, ok, ms: performance.now() - t });
    };

    await attempt('runtime', runtimePath);
    if (fs.existsSync(config.initFile)) await attempt('init', config.initFile);
    for (const plugin of luaPlugins) {
      if (fs.existsSync(plugin.entry)) await attempt('plugin', plugin.entry, plugin);
      else {
        plugin.error = `${plugin.dir} has no init.lua`;
        report.errors.push({ stage: 'plugin', file: plugin.entry, message: plugin.error });
        host.events.emit('notify', { message: `the Lua plugin ${plugin.name} was not loaded: ${plugin.error}`, level: 'error' });
      }
    }
    report.ms = performance.now() - started;
    return report;
  };

  const run = async (code: string, chunkName = '=:lua'): Promise<LuaRunResult> => {
    // Like Lua's own REPL: try it as an expression first, then as statements.
    let fn;
    try {
      fn = vm.load(`return ${code}`, chunkName);
    } catch {
      fn = vm.load(code, chunkName);
    }
    try {
      const values = await vm.callAsync(fn);
      return { values, text: formatLuaValues(values) };
    } finally {
      fn.release();
    }
  };

  return {
    loadStartup,
    run,
    docs: {
      search: (words, limit) => docs().search(words, limit),
      get: (name) => docs().get(name),
      entries: () => docs().all(),
    },
    config,
    close() {
      registrations.undoAll();
      vm.close();
    },
  };
}

function describeStage(stage: LoadError['stage'], file: string): string {
  if (stage === 'runtime') return `the stock runtime ${file}`;
  if (stage === 'init') return file;
  return `the Lua plugin ${path.basename(path.dirname(file))} (${file})`;
}

function loadError(stage: LoadError['stage'], file: string, err: unknown): LoadError {
  if (err instanceof LuaError) {
    return { stage, file, errorFile: err.file, line: err.line, message: err.luaMessage, traceback: err.traceback || undefined };
  }
  const e = err as NodeJS.ErrnoException;
  return { stage, file, message: e.code === 'ENOENT' ? `${file} does not exist` : (e.message ?? String(err)) };
}
