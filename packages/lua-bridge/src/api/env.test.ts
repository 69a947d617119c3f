/** lug.cwd and lug.env: the project directory and a read-only view of the environment. */
import { describe, expect, it } from "vitest";
import { luaEachTest } from "../test-support.js";

const lua = luaEachTest();
const { run, failure } = lua;

describe('lug.cwd and lug.env', () => {
  it('lug.cwd() is the project directory', async () => {
    const s = lua.s;
    expect(await run('return lug.cwd()')).toEqual([s.lug.project]);
  });

  it('lug.env reads the environment lug runs with, and pairs lists it', async () => {
    const s = lua.s;
    expect(await run('local n = 0; for k, v in pairs(lug.env) do if k == "HOME" then n = n + 1 end end; return lug.env.HOME, lug.env.NO_SUCH_VAR_X, n')).toEqual([s.lug.env.HOME, undefined, 1]);
  });

  it('lug.env cannot be assigned to', async () => {
    expect(await failure('lug.env.PATH = "/x"')).toMatch(/lug.env.PATH cannot be set: lug.env is a read-only view/);
  });
});
