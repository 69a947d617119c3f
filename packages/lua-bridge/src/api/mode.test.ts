/** lug.mode: a plugin's mode in the host's registry, switched from Lua or from outside (an editor), its apply run either way. */
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const REVIEW = [
  'applied = {}',
  'remove_review = lug.mode.define("review", { name = "Review", description = "comments only", apply = function(on) applied[#applied + 1] = tostring(on) end })',
  'lug.cmd.register("review", function() lug.mode.set("review", lug.mode.current() ~= "review") end)',
].join('\n');

async function loaded(code: string): Promise<Setup> {
  s = setup({ 'init.lua': code });
  const report = await s.runtime.loadStartup();
  expect(report.errors.map((e) => e.message)).toEqual([]);
  return s;
}

describe('lug.mode', () => {
  it('defines a mode an editor sees, switched by its :command or from outside, apply run either way', async () => {
    const { host, runtime } = await loaded(REVIEW);
    expect(host.modes.list()).toEqual([{ id: 'review', name: 'Review', description: 'comments only' }]);
    await host.commands.get('review')!.run('');
    expect(host.modes.current()).toBe('review');
    await host.modes.set('review', false);
    expect((await runtime.run('return table.concat(applied, ","), lug.mode.current()')).values).toEqual(['true,false', undefined]);
  });

  it('is removed by its remover', async () => {
    const { host, runtime } = await loaded(REVIEW);
    await runtime.run('remove_review()');
    expect(host.modes.list()).toEqual([]);
  });

  it.each([
    ['lug.mode.define("Review", { name = "R", description = "d", apply = print })', /bad argument #1 to 'lug\.mode\.define' \(id: expected an id of lower-case letters/],
    ['lug.mode.define("review", { name = "R", apply = print })', /bad argument #2 to 'lug\.mode\.define'.*description/],
    ['lug.mode.define("auto", { name = "A", description = "d", apply = print })', /"auto" is an approval mode's id/],
  ])('refuses %s at its line', async (code, message) => {
    s = setup({ 'init.lua': code });
    const report = await s.runtime.loadStartup();
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]!.message).toMatch(/init\.lua:1:/);
    expect(report.errors[0]!.message).toMatch(message);
  });

  it('switching a mode that does not exist is an error naming the modes there are', async () => {
    const { host } = await loaded(`${REVIEW}\nlug.cmd.register("bad", function() lug.mode.set("reveiw", true) end)`);
    await expect(host.commands.get('bad')!.run('')).rejects.toThrow('there is no mode "reveiw"; the modes are: review');
  });
});
