/** lug.cwd and lug.env: the project directory and a read-only view of the environment. */
import { afterEach, describe, expect, it } from "vitest";
import { setup, type Setup } from "../test-support.js";

let s: Setup | undefined;
afterEach(() => {
  s?.runtime.close();
  s = undefined;
});
const run = async (code: string) => {
  s ??= setup();
  return (await s.runtime.run(code)).values;
};
const failure = (code: string) => run(code).then(() => "no error", (err: Error) => err.message);

describe('lug.cwd and lug.env', () => {
  it('lug.cwd() is the project directory', async () => {
    s = setup();
    expect(await run('return lug.cwd()')).toEqual([s.lug.project]);
  });

  it('lug.env reads the environment lug runs with, and pairs lists it', async () => {
    s = setup();
    expect(await run('local n = 0; for k, v in pairs(lug.env) do if k == "HOME" then n = n + 1 end end; return lug.env.HOME, lug.env.NO_SUCH_VAR_X, n')).toEqual([s.lug.env.HOME, undefined, 1]);
  });

  it('lug.env cannot be assigned to', async () => {
    expect(await failure('lug.env.PATH = "/x"')).toMatch(/lug.env.PATH cannot be set: lug.env is a read-only view/);
  });
});
