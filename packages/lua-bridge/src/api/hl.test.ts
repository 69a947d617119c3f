/** lug.hl.set and lug.hl.get: the interface's highlight groups from Lua. */
import type { OptionDef } from '@lug/core';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

const run = async (code: string) => (await s!.runtime.run(code)).values;

/**
 * The option as an interface defines it: a table from group to style, whose
 * groups and colours it checks (the TUI's own is tested in @lug/tui, and
 * through the real binary in packages/cli).
 */
const highlights: OptionDef<Record<string, unknown>> = {
  name: 'highlights',
  allowed: 'a table from group to style',
  default: {},
  description: 'test',
  parse(v) {
    for (const [group, style] of Object.entries(v as Record<string, { fg?: string }>)) {
      if (group !== 'prompt') throw new Error(`unknown highlight group "${group}"; the groups are: prompt`);
      if (style.fg !== undefined && style.fg !== 'magenta') throw new Error(`highlight ${group}.fg must be a colour name, got "${style.fg}"`);
    }
    return v as Record<string, unknown>;
  },
};

describe('lug.hl', () => {
  it('sets a group in the highlights option, replacing its style, and nil restores the default', async () => {
    s = setup();
    s.host.options.define(highlights);
    await run('lug.hl.set("prompt", { fg = "magenta", bold = true })');
    expect(s.host.options.get('highlights')).toEqual({ prompt: { fg: 'magenta', bold: true } });
    expect(await run('return lug.hl.get("prompt").fg')).toEqual(['magenta']);
    await run('lug.hl.set("prompt", { italic = true })');
    expect(s.host.options.get('highlights')).toEqual({ prompt: { italic: true } });
    await run('lug.hl.set("prompt")');
    expect(s.host.options.get('highlights')).toEqual({});
    expect(await run('return lug.hl.get("prompt")')).toEqual([undefined]);
  });

  it("passes on the interface's own checks: an unknown group, a bad colour", async () => {
    s = setup();
    s.host.options.define(highlights);
    await expect(run('lug.hl.set("promt", { fg = "magenta" })')).rejects.toThrow(/lug\.hl\.set: unknown highlight group "promt"; the groups are: prompt/);
    await expect(run('lug.hl.set("prompt", { fg = "purple" })')).rejects.toThrow(/lug\.hl\.set: highlight prompt\.fg must be a colour name, got "purple"/);
    expect(s.host.options.get('highlights')).toEqual({});
  });

  it('checks the style: unknown fields and wrong types are bad arguments', async () => {
    s = setup();
    s.host.options.define(highlights);
    await expect(run('lug.hl.set("prompt", { colour = "red" })')).rejects.toThrow(
      `bad argument #2 to 'lug.hl.set' (style: unknown field "colour"; the fields are: fg, bg, bold, italic, underline, dim)`,
    );
    await expect(run('lug.hl.set("prompt", { bold = "yes" })')).rejects.toThrow(`bad argument #2 to 'lug.hl.set' (style.bold: expected boolean, got string)`);
    await expect(run('lug.hl.set(1)')).rejects.toThrow(`bad argument #1 to 'lug.hl.set' (group: expected string, got number)`);
  });

  it('says so when no interface defines highlight groups', async () => {
    s = setup();
    await expect(run('lug.hl.set("prompt", { fg = "red" })')).rejects.toThrow(/no interface with highlight groups is loaded/);
  });
});
