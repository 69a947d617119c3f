/**
 * `:map`: every key binding in force, the interface's and Lua's, with its
 * mode, its description and where it was bound (file:line for Lua); and the
 * check, once start-up is over, that each key's `:command` exists (Lua bound
 * them before the interface's own commands were registered).
 */
import { closestNames, type Command, type KeyBinding, type LugHost } from '@lug/core';
import type { TuiController } from './controller.js';

/** The modes column: "n", "i", or "ni" for a binding in both. */
const modesOf = (b: KeyBinding) => (b.modes ?? ['n', 'i']).join('');

/** The bindings as `:map` lists them, one line each, `filter` keeping those whose keys start with it. */
export function mapListing(host: LugHost, filter = ''): string {
  const bindings = host.keys.list().filter((b) => b.keys.startsWith(filter));
  if (!bindings.length) return filter ? `no key binding starts with ${filter} (:map lists them all)` : 'no key is bound';
  const width = Math.max(...bindings.map((b) => b.keys.length));
  const rows = bindings.map((b) => `${modesOf(b).padEnd(3)}${b.keys.padEnd(width + 2)}${b.desc || '(no description)'}  · ${b.source.replace(/^lua:/, '')}`);
  return `Key bindings (mode n is vi's normal mode, i the prompt's editing):\n${rows.join('\n')}`;
}

export function mapCommand(c: TuiController, source: string): Command {
  return {
    name: 'map',
    desc: 'list every key binding with its mode, description and where it was bound: ":map", or ":map <leader>" for those starting with it',
    source,
    run(arg) {
      c.transcript.notice(mapListing(c.host, arg.trim()), 'info', false, false);
    },
  };
}

/** A warning for each key whose `:command` does not exist, with the nearest commands. */
export function keyCommandProblems(host: LugHost): string[] {
  const names = host.commands.list().map((cmd) => cmd.name);
  return host.keys
    .list()
    .filter((b) => b.command !== undefined && !host.commands.get(b.command))
    .map((b) => {
      const near = closestNames(b.command!, names);
      return `the key ${b.keys} (${b.source.replace(/^lua:/, '')}) runs :${b.command}, which is not a command${near.length ? `; did you mean ${near.map((n) => `:${n}`).join(', ')}?` : ''} (:help lists the commands)`;
    });
}
