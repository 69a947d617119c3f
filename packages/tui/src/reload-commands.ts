/**
 * `:source [FILE]` and `:reload`: run the user's Lua again without doubling
 * anything (the Lua bridge takes back what each file registered the last
 * time). A file that fails is reported by the bridge (a notice naming the
 * file and line) and lug keeps running; the command then says how many
 * files failed.
 */
import type { Command } from '@lug/core';
import type { LuaSourceResult } from './contracts.js';
import type { TuiController } from './controller.js';

function summary(r: LuaSourceResult): string {
  const reset = r.optionsReset.length ? `; back to their defaults: ${r.optionsReset.map((o) => `lug.opt.${o}`).join(', ')}` : '';
  return `sourced ${r.file} (${r.removed} earlier registration${r.removed === 1 ? '' : 's'} replaced${reset})`;
}

function failures(results: LuaSourceResult[]): string {
  const failed = results.filter((r) => !r.ok);
  return `${failed.length} of ${results.length} file${results.length === 1 ? '' : 's'} failed to load (see above): ${failed.map((r) => r.file).join(', ')}; what they registered before failing is kept, and auto mode is refused`;
}

export function reloadCommands(c: TuiController, source: string): Command[] {
  const lua = () => {
    const runner = c.opts.lua;
    if (!runner?.source || !runner.reload) throw new Error('Lua is not loaded in this lug (started without the Lua bridge)');
    return { source: runner.source.bind(runner), reload: runner.reload.bind(runner) };
  };
  return [
    {
      name: 'source',
      desc: 'run a Lua file again, replacing what it registered: ":source" init.lua, ":source FILE"',
      source,
      async run(arg) {
        const result = await lua().source(arg.trim() || undefined);
        if (result.ok) c.transcript.notice(summary(result));
        else c.transcript.notice(failures([result]), 'error');
      },
    },
    {
      name: 'reload',
      desc: 'run init.lua and every Lua plugin again, replacing what they registered',
      source,
      async run() {
        const results = await lua().reload();
        const removed = results.reduce((n, r) => n + r.removed, 0);
        if (results.every((r) => r.ok)) c.transcript.notice(`reloaded ${results.length} file${results.length === 1 ? '' : 's'} (${removed} earlier registrations replaced)`);
        else c.transcript.notice(failures(results), 'error');
      },
    },
  ];
}
