/**
 * How fengari is loaded: always the patched bundle the build makes
 * (dist/fengari.cjs, with its configuration baked in), through the loader the
 * caller gives; a missing bundle or a wrong module is an error, never a
 * silent fallback to the fengari package.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FengariModule from './fengari.js';

const require = createRequire(import.meta.url);

/** A fresh copy of fengari.ts: it keeps the loaded fengari for the process, and each test starts before that. */
let mod: typeof FengariModule;
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./fengari.js');
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the fengari bundle', () => {
  it('is dist/fengari.cjs of this package', () => {
    expect(mod.fengariBundleFile()).toBe(path.join(path.dirname(path.dirname(new URL(import.meta.url).pathname)), 'dist', 'fengari.cjs'));
  });

  it('missing, is an error that says so and how to build it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-no-bundle-'));
    dirs.push(dir);
    expect(() => mod.fengariBundleFile(path.join(dir, 'fengari.cjs'))).toThrow(
      `@lug/lua-bridge: fengari's patched bundle is missing (${path.join(dir, 'fengari.cjs')}); build the package (npx nx run @lug/lua-bridge:build). The unpatched fengari package is not used in its place.`,
    );
  });

  it('has its configuration baked in: LUA_IDSIZE 1024, with no FENGARICONF in the environment', () => {
    expect(process.env.FENGARICONF).toBeUndefined();
    expect(mod.loadFengari().luaconf.LUA_IDSIZE).toBe(1024);
    expect(process.env.FENGARICONF).toBeUndefined();
  });

  it('keeps a long chunk name whole in an error message', () => {
    const f = mod.loadFengari();
    const name = `/home/someone/${'deep/'.repeat(30)}plugins/x/init.lua`;
    const L = f.lauxlib.luaL_newstate();
    const code = f.to_luastring('local x = = 1');
    expect(f.lauxlib.luaL_loadbufferx(L, code, null, f.to_luastring(`@${name}`), null)).toBe(f.lua.LUA_ERRSYNTAX);
    expect(f.to_jsstring(f.lua.lua_tolstring(L, -1)!)).toBe(`${name}:1: unexpected symbol near '='`);
  });
});

describe('a fengari loader', () => {
  it('is given the bundle file, once a process: the first loader wins', () => {
    const first = vi.fn((file: string) => require(file));
    const second = vi.fn((file: string) => require(file));
    const f = mod.loadFengari(first);
    expect(mod.loadFengari(second)).toBe(f);
    expect(first.mock.calls).toEqual([[mod.fengariBundleFile()]]);
    expect(second).not.toHaveBeenCalled();
  });

  it('that returns the unpatched fengari package is refused, with what it must do', () => {
    expect(() => mod.loadFengari(() => require('fengari'))).toThrow(
      /^the fengari loader returned a fengari without lug's configuration \(LUA_IDSIZE 59, expected 1024\): it must run the bundle it is given \(.*dist\/fengari\.cjs\), not the fengari package$/,
    );
  });

  it('that returns something else is refused, and a later loader may still load fengari', () => {
    expect(() => mod.loadFengari(() => ({}))).toThrow(/^the fengari loader returned something that is not fengari \(from .*dist\/fengari\.cjs\)/);
    expect(() => mod.loadFengari(() => undefined)).toThrow(/is not fengari/);
    expect(mod.loadFengari().luaconf.LUA_IDSIZE).toBe(1024);
  });
});
