/**
 * lug.keymap.set and lug.keymap.del, and lug.g (Neovim's vim.g: lug.g.mapleader).
 *
 *   lug.keymap.set("<C-t>", ":auto", { desc = "Toggle auto mode" })   -- every mode
 *   lug.keymap.set("n", "<leader>x", function() ... end, { desc = "…" })
 *   lug.keymap.set({ "n", "i" }, "<M-s>", ":model opus")
 *
 * Everything is checked at the call: the notation (core's parseKeys names
 * what is wrong and what is allowed), the mode, the options, and a
 * `:command` right-hand side once start-up is over (during start-up the
 * interface's own commands do not exist yet: the interface checks the keys
 * bound then when it starts, and warns about each unknown command).
 *
 * Without a mode, a binding whose first key is typed text ("gg", "x", a
 * printable leader) is a normal-mode binding, as in Neovim; any other
 * ("<C-t>", "<S-Tab>") is in every mode. Each mode's binding is registered on
 * its own, so lug.keymap.del can take one mode's away.
 */
import { KEY_MODES, KeyNotationError, closestNames, keysText, parseKeys, type KeyBinding, type KeyMode } from '@lug/core';
import type { LuaState } from '../fengari.js';
import { jsString, luaConst } from '../lua-strings.js';
import type { LuaFunctionRef } from '../lua-values.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { FUNCTION, STRING } from './checks.js';
import { BadArgumentError, is, signature } from './validate.js';

/** A key's action as a command line: ":auto", ":model opus", or Neovim's "<cmd>auto<CR>". */
const COMMAND_LINE = /^:(\S+)\s*(.*)$/s;
const CMD_FORM = /^<cmd>(.*)<cr>$/is;

const MODE = is.oneOf(...KEY_MODES);
const MODES = is.anyOf(MODE, is.listOf(MODE)).describedAs('"n" (vi normal mode), "i" (the prompt\'s editing) or a list of them');
const RHS = is
  .anyOf(is.function, is.string.that((s) => COMMAND_LINE.test(s) || CMD_FORM.test(s), 'a ":command" string'))
  .describedAs('a function or a ":command" string (":auto", "<cmd>auto<CR>")');
const SET_OPTS = is
  .fields({
    desc: is.string.optional(),
    mode: MODES.optional(),
    nowait: is.boolean.optional(),
    // Accepted for Neovim configurations; lug never echoes a key's action nor maps its right-hand side again.
    silent: is.boolean.optional(),
    noremap: is.boolean.optional(),
  })
  .optional({});

const SET_WITH_MODE = signature('lug.keymap.set', [
  ['mode', MODES.optional()],
  ['lhs', is.string],
  ['rhs', RHS],
  ['opts', SET_OPTS],
]);
const SET = signature('lug.keymap.set', [
  ['lhs', is.string],
  ['rhs', RHS],
  ['opts', SET_OPTS],
]);
const DEL_WITH_MODE = signature('lug.keymap.del', [
  ['mode', MODES.optional()],
  ['lhs', is.string],
]);
const DEL = signature('lug.keymap.del', [['lhs', is.string]]);

/** What ctx.track knows of a Lua binding in one mode, to replace or delete it. */
type Bound = Map<string, () => void>;
const slot = (mode: KeyMode, keys: string) => `${mode} ${keys}`;

/** lug.g.mapleader at the call: a key string, "\" when unset (Neovim's default). */
function leaderOf(ctx: ApiContext, L: LuaState, gRef: number): string {
  const { lua } = ctx.vm.f;
  lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, gRef);
  lua.lua_getfield(L, -1, luaConst('mapleader'));
  const type = lua.lua_type(L, -1);
  const leader = type === STRING ? jsString(lua.lua_tolstring(L, -1)!) : undefined;
  const got = ctx.vm.typeName(L, -1);
  lua.lua_pop(L, 2);
  if (type > 0 && type !== STRING) throw new BadArgumentError(`lug.g.mapleader must be a key string such as "\\\\" or " ", got ${got}`);
  if (leader === '') throw new BadArgumentError('lug.g.mapleader is empty: give a key such as "\\\\", "," or " "');
  return leader ?? '\\';
}

function keysAt(fname: string, index: number, lhs: string, leader: string): string[] {
  try {
    return parseKeys(lhs, { leader });
  } catch (err) {
    if (err instanceof KeyNotationError) throw new BadArgumentError(`bad argument #${index} to '${fname}' (lhs: ${err.message})`);
    throw err;
  }
}

function modesOf(fname: string, given: KeyMode | KeyMode[] | undefined, inOpts: KeyMode | KeyMode[] | undefined, tokens: string[]): KeyMode[] {
  if (given !== undefined && inOpts !== undefined) throw new BadArgumentError(`bad argument #4 to '${fname}' (opts.mode: the mode is given twice; give it as the first argument or as opts.mode)`);
  const modes = given ?? inOpts;
  if (modes !== undefined) {
    const list = [...new Set(Array.isArray(modes) ? modes : [modes])];
    if (list.length === 0) throw new BadArgumentError(`bad argument #1 to '${fname}' (mode: an empty list; give "n", "i" or both)`);
    return list;
  }
  return typedText(tokens[0]!) ? ['n'] : [...KEY_MODES];
}

/** A key that types text when unbound: a character, or Space. */
const typedText = (token: string) => !token.startsWith('<') || token === '<lt>' || token === '<Space>';

/** The command a string right-hand side runs, and its argument text. */
function commandOf(rhs: string): { name: string; argText: string; line: string } {
  const cmd = CMD_FORM.exec(rhs);
  const line = cmd ? `:${cmd[1]!.trim()}` : rhs;
  const [, name, argText] = COMMAND_LINE.exec(line) ?? ['', line.slice(1), ''];
  return { name: name!, argText: argText!, line };
}

function unknownCommand(ctx: ApiContext, name: string): string {
  const near = closestNames(name, ctx.host.commands.list().map((c) => c.name));
  return `:${name}, which is not a command${near.length ? `; did you mean ${near.map((n) => `:${n}`).join(', ')}?` : ''} (:help lists the commands)`;
}

export function pushKeymapApi(ctx: ApiContext, L: LuaState, gRef: number): void {
  const bound: Bound = new Map();
  pushFunctions(ctx.vm, L, 'lug.keymap', {
    set: (Ls) => setKey(ctx, gRef, bound, Ls),
    del: (Ls) => delKey(ctx, gRef, bound, Ls),
  });
}

/** lug.keymap.set([mode,] lhs, rhs [, opts]): pushes the remover of the bindings made. */
function setKey(ctx: ApiContext, gRef: number, bound: Bound, Ls: LuaState): number {
  const { vm } = ctx;
  const { lua } = vm.f;
  const t3 = lua.lua_type(Ls, 3);
  const withMode = t3 === STRING || t3 === FUNCTION;
  const [mode, lhs, rhs, opts] = withMode ? SET_WITH_MODE.read(vm, Ls) : [undefined, ...SET.read(vm, Ls)];
  const release = () => (typeof rhs === 'string' ? undefined : rhs.release());
  try {
    const tokens = keysAt('lug.keymap.set', withMode ? 2 : 1, lhs, leaderOf(ctx, Ls, gRef));
    const modes = modesOf('lug.keymap.set', mode, opts.mode, tokens);
    const keys = keysText(tokens);
    const source = `lua:${vm.where(Ls)}`;
    const { run, desc, command } = keyAction(ctx, rhs, withMode ? 3 : 2, keys, opts.desc ?? '');
    const removeAll = bindModes(ctx, bound, modes, { keys, desc, run, source, command, nowait: opts.nowait }, release);
    pushRemover(vm, Ls, removeAll);
    return 1;
  } catch (err) {
    release();
    throw err;
  }
}

/** What a key runs (rhs, argument #`rhsIndex`): the Lua function, or a `:command`, checked once start-up is over; a command's line is its description when it has none. */
function keyAction(ctx: ApiContext, rhs: string | LuaFunctionRef, rhsIndex: number, keys: string, desc: string): { run: () => Promise<void>; desc: string; command?: string } {
  const { host } = ctx;
  if (typeof rhs !== 'string') return { run: async () => void (await rhs.call([])), desc };
  const { name, argText, line } = commandOf(rhs);
  if (ctx.startupOver() && !host.commands.get(name)) {
    throw new BadArgumentError(`bad argument #${rhsIndex} to 'lug.keymap.set' (rhs: ${JSON.stringify(rhs)} runs ${unknownCommand(ctx, name)})`);
  }
  const run = async () => {
    const found = host.commands.get(name);
    if (!found) throw new Error(`the key ${keys} runs ${unknownCommand(ctx, name)}`);
    await found.run(argText);
  };
  return { run, desc: desc || line, command: name };
}

/** Bind the keys in each mode on its own; returns the remover of them all. */
function bindModes(ctx: ApiContext, bound: Bound, modes: KeyMode[], binding: Omit<KeyBinding, 'modes'>, release: () => void): () => void {
  // The function is released once its last mode's binding is gone.
  let left = modes.length;
  const removers = modes.map((m) => {
    const at = slot(m, binding.keys);
    bound.get(at)?.(); // a Lua binding of the same keys is replaced, as in Neovim
    const remove = ctx.host.keys.set({ ...binding, modes: [m] });
    const tracked = ctx.track(() => {
      remove();
      if (bound.get(at) === tracked) bound.delete(at);
      if (--left === 0) release();
    });
    bound.set(at, tracked);
    return tracked;
  });
  return () => removers.forEach((r) => r());
}

/** lug.keymap.del([mode,] lhs): takes away the keys bound from Lua, in each mode given. */
function delKey(ctx: ApiContext, gRef: number, bound: Bound, Ls: LuaState): number {
  const { vm } = ctx;
  const t2 = vm.f.lua.lua_type(Ls, 2);
  const withMode = t2 === STRING;
  const [mode, lhs] = withMode ? DEL_WITH_MODE.read(vm, Ls) : [undefined, ...DEL.read(vm, Ls)];
  const tokens = keysAt('lug.keymap.del', withMode ? 2 : 1, lhs, leaderOf(ctx, Ls, gRef));
  const modes = modesOf('lug.keymap.del', mode, undefined, tokens);
  const keys = keysText(tokens);
  const found = modes.filter((m) => bound.has(slot(m, keys)));
  if (found.length === 0) {
    const mine = [...bound.keys()].map((k) => k.replace(' ', ': ')).sort();
    throw new BadArgumentError(
      `bad argument #${withMode ? 2 : 1} to 'lug.keymap.del' (lhs: no key ${JSON.stringify(lhs)} bound from Lua in mode ${modes.join(' or ')}; ${mine.length ? `the keys bound from Lua are ${mine.join(', ')}` : 'no key is bound from Lua'}; :map lists every key)`,
    );
  }
  for (const m of found) bound.get(slot(m, keys))!();
  return 0;
}

/** lug.g: a table of the configuration's globals, as Neovim's vim.g (lug reads mapleader). Pushed, and kept in the registry; returns its reference. */
export function pushGlobalsTable(ctx: ApiContext, L: LuaState): number {
  const { lua, lauxlib } = ctx.vm.f;
  lua.lua_createtable(L, 0, 1);
  lua.lua_pushvalue(L, -1);
  return lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
}
