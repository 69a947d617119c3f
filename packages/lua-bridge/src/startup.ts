/**
 * The start-up load order: the stock runtime (basic.lug), then init.lua, then
 * each plugin's init.lua in name order, then the stock workflows not turned
 * off (lug.workflow.disable) in name order, each on its own coroutine. A file that
 * fails is reported (in the report, and as a `notify` event of level "error")
 * and the rest still loads.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LugHost } from '@lug/core';
import type { ConfigInfo, PluginInfo, WorkflowInfo } from './api/api-context.js';
import type { ChunkCache } from './chunk-cache.js';
import { LuaError } from './lua-error.js';
import type { LuaVM } from './lua-vm.js';
import type { Owners } from './api/owners.js';

/**
 * Milliseconds on a monotonic clock, for the load times in a report. Not `performance.now()`: the global
 * `performance` loads Node's perf_hooks at its first read (~0.6 ms CPU of `lug -p`'s way to its first request,
 * where nothing else reads it).
 */
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface LoadError {
  /** 'source': a file run with `:source` that is neither init.lua, a plugin's nor a workflow. */
  stage: 'runtime' | 'init' | 'plugin' | 'workflow' | 'source';
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
  /** Things that loaded but look wrong (a rule for a tool lug does not have), as whole sentences. */
  warnings: string[];
  plugins: PluginInfo[];
  ms: number;
}

export interface StartupParts {
  vm: LuaVM;
  host: LugHost;
  cache: ChunkCache;
  config: ConfigInfo;
  runtimePath: string;
  /** Each file run owns what it registers (api/owners.ts). */
  owners: Owners;
}

/** Plugin directories under plugins/, sorted by name (with or without an init.lua: both are listed). */
export function findPlugins(pluginsDir: string): PluginInfo[] {
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

/** package.path: the lua/ folder of each directory. */
function luaPath(dirs: string[]): string {
  return dirs.flatMap((d) => [path.join(d, 'lua', '?.lua'), path.join(d, 'lua', '?', 'init.lua')]).join(';');
}

export function describeStage(stage: LoadError['stage'], file: string): string {
  if (stage === 'runtime') return `the stock runtime ${file}`;
  if (stage === 'init' || stage === 'source') return file;
  if (stage === 'workflow') return `the workflow ${path.basename(file, '.lua')} (${file})`;
  return `the Lua plugin ${path.basename(path.dirname(file))} (${file})`;
}

export function loadError(stage: LoadError['stage'], file: string, err: unknown): LoadError {
  if (err instanceof LuaError) {
    return { stage, file, errorFile: err.file, line: err.line, message: err.luaMessage, traceback: err.traceback || undefined };
  }
  const e = err as NodeJS.ErrnoException;
  return { stage, file, message: e.code === 'ENOENT' ? `${file} does not exist` : (e.message ?? String(err)) };
}

/** Compile (or take from the cache) and run one file on its own coroutine. */
export async function runFile(parts: Pick<StartupParts, 'vm' | 'cache'>, file: string): Promise<void> {
  const fn = parts.cache.load(parts.vm, fs.readFileSync(file), `@${file}`);
  try {
    await parts.vm.callAsync(fn);
  } finally {
    fn.release();
  }
}

/** Runs files in load order into one report: a failure is reported and notified, and the next file still loads. */
function fileRunner(parts: StartupParts, report: LoadReport) {
  const { host } = parts;
  const fail = (error: LoadError, notice: string) => {
    report.errors.push(error);
    host.events.emit('notify', { message: notice, level: 'error' });
  };
  const attempt = async (stage: LoadError['stage'], file: string, plugin?: PluginInfo | WorkflowInfo) => {
    const t = nowMs();
    let ok = true;
    parts.owners.add(file);
    try {
      await runFile(parts, file);
    } catch (err) {
      ok = false;
      const error = loadError(stage, file, err);
      if (plugin) plugin.error = error.message;
      fail(error, `${describeStage(stage, file)} failed to load: ${error.message}`);
    }
    if (plugin) plugin.loaded = ok;
    report.files.push({ stage, file, ok, ms: nowMs() - t });
  };
  return { fail, attempt };
}

const emptyReport = (plugins: PluginInfo[]): LoadReport => ({ files: [], errors: [], warnings: [], plugins, ms: 0 });

/** basic.lug, init.lua and the plugins: what must have run before lug shows anything. */
async function loadConfigFiles(parts: StartupParts): Promise<LoadReport> {
  const { vm, config } = parts;
  const started = nowMs();
  const report = emptyReport(config.plugins);
  config.plugins.push(...findPlugins(config.pluginsDir));
  const luaPlugins = config.plugins.filter((p) => p.kind === 'lua');
  vm.setField('package', 'path', luaPath([config.dir, ...luaPlugins.map((p) => p.dir)]));
  const { fail, attempt } = fileRunner(parts, report);
  await attempt('runtime', parts.runtimePath);
  if (fs.existsSync(config.initFile)) await attempt('init', config.initFile);
  for (const plugin of luaPlugins) {
    if (fs.existsSync(plugin.entry)) {
      await attempt('plugin', plugin.entry, plugin);
      continue;
    }
    plugin.error = `${plugin.dir} has no init.lua`;
    fail({ stage: 'plugin', file: plugin.entry, message: plugin.error }, `the Lua plugin ${plugin.name} was not loaded: ${plugin.error}`);
  }
  report.ms = nowMs() - started;
  return report;
}

/** The stock workflows init.lua and the plugins did not turn off, in name order (after loadConfigFiles). */
async function loadWorkflowFiles(parts: StartupParts): Promise<LoadReport> {
  const { config } = parts;
  const started = nowMs();
  const report = emptyReport(config.plugins);
  const { attempt } = fileRunner(parts, report);
  config.workflowsStarted = true;
  for (const workflow of config.workflows) {
    if (!workflow.disabled) await attempt('workflow', workflow.file, workflow);
  }
  report.ms = nowMs() - started;
  return report;
}

/**
 * The start-up order of one runtime: basic.lug, init.lua and the plugins
 * (each once), then the stock workflows (once, after them), then the checks
 * that wait for every file (`afterStartup`: a rule's tool), their warnings
 * notified and reported. `over()` is true once the plugins have loaded.
 */
export function startupOrder(parts: StartupParts, afterStartup: Array<() => string | undefined>) {
  let over = false;
  let configLoad: Promise<LoadReport> | undefined;
  let workflowLoad: Promise<LoadReport> | undefined;
  const loadConfig = (): Promise<LoadReport> =>
    (configLoad ??= loadConfigFiles(parts).then((report) => {
      over = true;
      return report;
    }));
  const loadWorkflows = (): Promise<LoadReport> =>
    (workflowLoad ??= loadConfig()
      .then(() => loadWorkflowFiles(parts))
      .then((report) => {
        for (const check of afterStartup.splice(0)) {
          const warning = check();
          if (!warning) continue;
          report.warnings.push(warning);
          parts.host.ui.notify(warning, 'warn');
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
  return { loadStartup, loadWorkflows, over: () => over };
}
