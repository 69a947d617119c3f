/**
 * Running a file again (`:source`, `:reload`): what it registered the last
 * time is taken back first (its rules, tools, hooks, commands, keys, groups),
 * the modules it `require`d are forgotten so they run again, the file runs,
 * and the options its last run set but this one did not return to their
 * defaults. Nothing doubles.
 *
 * A file that fails keeps lug running: the error is reported with its file
 * and line (as at start-up), what the file registered before the error stays
 * (as at start-up), and auto mode is refused as it is at start-up, since the
 * rules the file would have added may be missing. A file that cannot be read
 * or compiled (a syntax error made while editing) never starts: what its last
 * run registered and set stays, so a typo does not take its rules away. A
 * file that cannot be read at all (`:source nope.lua`) is reported, and does
 * not refuse auto mode: it added nothing and took nothing away. (At start-up,
 * startup.ts, an init.lua or plugin that fails in any way refuses it.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LugHost } from '@lug/core';
import type { Approvals } from '@lug/approvals';
import type { ConfigInfo } from './api/api-context.js';
import type { Owners, Registrations } from './api/owners.js';
import type { ChunkCache } from './chunk-cache.js';
import type { LuaFunctionRef } from './lua-values.js';
import type { LuaVM } from './lua-vm.js';
import { describeStage, findPlugins, loadError, type LoadError } from './startup.js';

export interface SourceResult {
  /** The file run (absolute). */
  file: string;
  ok: boolean;
  /** How many registrations of its last run were taken back. */
  removed: number;
  /** Options its last run set and this one did not: back to their defaults. */
  optionsReset: string[];
  error?: LoadError;
}

export interface ReloadParts {
  vm: LuaVM;
  host: LugHost;
  approvals: Approvals | undefined;
  cache: ChunkCache;
  config: ConfigInfo;
  owners: Owners;
  registrations: Registrations;
}

/** Forget the modules (package.loaded) whose files belong to `owner`, so the next require runs them again. */
function forgetModules(parts: ReloadParts, owner: string): void {
  const { vm } = parts;
  const fn = vm.load(
    `local owner_of, owner = ...
     for name in pairs(package.loaded) do
       if type(name) == "string" then
         local file = package.searchpath(name, package.path)
         if file and owner_of(file) == owner then package.loaded[name] = nil end
       end
     end`,
    '=(lug reload)',
  );
  try {
    vm.call(fn, [(file: string) => parts.owners.ownerOfFile(file), owner]);
  } finally {
    fn.release();
  }
}

function stageOf(config: ConfigInfo, file: string): LoadError['stage'] {
  if (file === config.initFile) return 'init';
  if (config.plugins.some((p) => p.entry === file)) return 'plugin';
  if (config.workflows.some((w) => w.file === file)) return 'workflow';
  return 'source';
}

/** Run one file again as its owner (see the top of this file). */
export async function sourceFile(parts: ReloadParts, file: string): Promise<SourceResult> {
  const { host, owners, registrations, config } = parts;
  const abs = path.resolve(host.cwd, file);
  const stage = stageOf(config, abs);
  owners.add(abs);
  const failed = (err: unknown): SourceResult => ({ file: abs, ok: false, removed: 0, optionsReset: [], error: loadError(stage, abs, err) });
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch (err) {
    // A file that cannot be read (`:source nope.lua`, a typo) registers nothing and takes nothing away: no rule can be missing.
    return settle(parts, failed(err), { rulesMayBeMissing: false });
  }
  let fn: LuaFunctionRef;
  try {
    fn = parts.cache.load(parts.vm, bytes, `@${abs}`);
  } catch (err) {
    // Nothing of the file ran: its last run's registrations and options stay.
    return settle(parts, failed(err));
  }
  const removed = registrations.undo(abs);
  forgetModules(parts, abs);
  const before = owners.startRun(abs);
  let error: LoadError | undefined;
  try {
    await parts.vm.callAsync(fn);
  } catch (err) {
    error = loadError(stage, abs, err);
  } finally {
    fn.release();
  }
  const now = owners.setInRun(abs);
  const optionsReset = [...before].filter((name) => !now.has(name));
  for (const name of optionsReset) {
    try {
      host.options.set(name, undefined);
    } catch {
      // an option a plugin defined and took away with it
    }
  }
  return settle(parts, { file: abs, ok: !error, removed, optionsReset, error });
}

/**
 * Note the file's outcome on its plugin; a failure is reported and refuses auto mode, unless the
 * file could not even be read (nothing of it was added, nothing taken away: no rule of it is missing).
 */
function settle(parts: ReloadParts, result: SourceResult, { rulesMayBeMissing = true } = {}): SourceResult {
  const { config, host } = parts;
  const { file, error } = result;
  const plugin = config.plugins.find((p) => p.entry === file) ?? config.workflows.find((w) => w.file === file);
  if (plugin) {
    plugin.loaded = !error;
    plugin.error = error?.message;
  }
  if (error) {
    const notice = `${describeStage(error.stage, file)} failed to load: ${error.message}`;
    host.events.emit('notify', { message: notice, level: 'error' });
    if (rulesMayBeMissing) parts.approvals?.refuseAuto(`${file} failed to load: ${error.message}, so rules may be missing; fix it and start lug again`);
  }
  return result;
}

/**
 * Run init.lua, every Lua plugin and the stock workflows again, in start-up order; a plugin
 * folder added since start-up is loaded too. init.lua and the plugins decide afresh which
 * workflows are turned off: one they no longer turn off loads, one they now turn off is taken back.
 */
export async function reloadConfig(parts: ReloadParts): Promise<SourceResult[]> {
  const { config } = parts;
  for (const found of findPlugins(config.pluginsDir)) {
    if (!config.plugins.some((p) => p.kind === 'lua' && p.dir === found.dir)) config.plugins.push(found);
  }
  const results: SourceResult[] = [];
  config.workflowsStarted = false;
  for (const workflow of config.workflows) workflow.disabled = false;
  if (fs.existsSync(config.initFile)) results.push(await sourceFile(parts, config.initFile));
  else parts.registrations.undo(config.initFile);
  for (const plugin of config.plugins.filter((p) => p.kind === 'lua')) {
    if (fs.existsSync(plugin.entry)) results.push(await sourceFile(parts, plugin.entry));
    else parts.registrations.undo(plugin.entry);
  }
  config.workflowsStarted = true;
  for (const workflow of config.workflows) {
    if (!workflow.disabled) results.push(await sourceFile(parts, workflow.file));
    else {
      parts.registrations.undo(workflow.file);
      workflow.loaded = false;
    }
  }
  return results;
}
