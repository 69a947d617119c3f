import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { globalExcludesFile } from './global-excludes.js';

const dirs: string[] = [];
function home(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lug-home-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('globalExcludesFile', () => {
  it('defaults to $XDG_CONFIG_HOME/git/ignore', () => {
    const h = home();
    expect(globalExcludesFile({ HOME: h, XDG_CONFIG_HOME: path.join(h, 'xdg') })).toBe(path.join(h, 'xdg', 'git', 'ignore'));
  });

  it('defaults to ~/.config/git/ignore without XDG_CONFIG_HOME', () => {
    const h = home();
    expect(globalExcludesFile({ HOME: h })).toBe(path.join(h, '.config', 'git', 'ignore'));
  });

  it('takes core.excludesFile from ~/.gitconfig first, expanding ~', () => {
    const h = home();
    writeFileSync(path.join(h, '.gitconfig'), '[user]\n\tname = x\n[core]\n\texcludesFile = ~/my-ignores\n');
    mkdirSync(path.join(h, 'xdg', 'git'), { recursive: true });
    writeFileSync(path.join(h, 'xdg', 'git', 'config'), '[core]\n\texcludesfile = /elsewhere\n');
    expect(globalExcludesFile({ HOME: h, XDG_CONFIG_HOME: path.join(h, 'xdg') })).toBe(path.join(h, 'my-ignores'));
  });

  it('then from $XDG_CONFIG_HOME/git/config', () => {
    const h = home();
    mkdirSync(path.join(h, 'xdg', 'git'), { recursive: true });
    writeFileSync(path.join(h, 'xdg', 'git', 'config'), '[core]\n  excludesfile = /elsewhere/ignores  \n');
    expect(globalExcludesFile({ HOME: h, XDG_CONFIG_HOME: path.join(h, 'xdg') })).toBe('/elsewhere/ignores');
  });

  it('ignores a relative $XDG_CONFIG_HOME, as the XDG spec says, and uses ~/.config', () => {
    const h = home();
    expect(globalExcludesFile({ HOME: h, XDG_CONFIG_HOME: 'xdg' })).toBe(path.join(h, '.config', 'git', 'ignore'));
  });

  it('is undefined with neither HOME nor XDG_CONFIG_HOME', () => {
    expect(globalExcludesFile({})).toBeUndefined();
  });
});
