/** What `:lua` shows: every value as lug.inspect shows it, never failing (threads, userdata, cycles, __tostring), and `=expr`. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from './test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const shown = async (code: string) => (await s!.runtime.run(code)).text;

describe(':lua shows', () => {
  it('an expression given as =expr, as Neovim does', async () => {
    s = setup();
    expect(await shown('=1 + 1')).toBe('2');
    expect(await shown('= "a\\nb"')).toBe('"a\\nb"');
  });

  it('tables expanded, keys sorted, a table met again as <cycle>', async () => {
    s = setup();
    expect(await shown('=(function() local t = { 1, 2, b = true, a = "x" } t.self = t return t end)()')).toBe('{ 1, 2, a = "x", b = true, self = <cycle> }');
  });

  it('threads, functions and userdata by tostring, and the values that cannot be data as nil', async () => {
    s = setup();
    const result = await s.runtime.run('=coroutine.create(print), print, io.stdout, 3');
    expect(result.text).toMatch(/^thread: \S+\tfunction: \S+\tfile \S+\t3$/);
    expect(result.values[0]).toBeUndefined();
    expect(result.values[3]).toBe(3);
  });

  it('a table whose keys cannot be data (a function, a table) shown, and given back as nil', async () => {
    s = setup();
    const result = await s.runtime.run('={ [print] = 1 }, { [{}] = 2 }, { a = 1 }');
    expect(result.text).toMatch(/^\{ \[function: \S+\] = 1 \}\t\{ \[\{\}\] = 2 \}\t\{ a = 1 \}$/);
    expect(result.values).toEqual([undefined, undefined, { a: 1 }]);
  });

  it('__tostring, and a __tostring that fails without failing the print', async () => {
    s = setup();
    expect(await shown('=setmetatable({}, { __tostring = function() return "<point 1,2>" end })')).toBe('<point 1,2>');
    expect(await shown('=setmetatable({}, { __tostring = function() error("broken") end })')).toMatch(/^<__tostring failed: .*broken>$/);
  });

  it('a statement still runs as a statement', async () => {
    s = setup();
    expect(await shown('x = 5')).toBe('');
    expect(await shown('return x')).toBe('5');
  });
});
