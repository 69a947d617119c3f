import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIgnoreTree, PLAIN_FILES, PLAIN_VISIBLE, PROJECT_FILES, PROJECT_VISIBLE } from './ignore-tree.js';

describe('buildIgnoreTree', () => {
  it('writes the repository, the plain tree and the global excludes file', () => {
    const tree = buildIgnoreTree();
    try {
      for (const rel of Object.keys(PROJECT_FILES)) expect(existsSync(path.join(tree.project, rel)), rel).toBe(true);
      for (const rel of Object.keys(PLAIN_FILES)) expect(existsSync(path.join(tree.plain, rel)), rel).toBe(true);
      expect(readFileSync(path.join(tree.project, '.git/info/exclude'), 'utf8')).toBe('excluded.txt\n');
      expect(readFileSync(path.join(tree.env.XDG_CONFIG_HOME, 'git/ignore'), 'utf8')).toBe('*.swp\n');
      expect(PROJECT_VISIBLE.every((rel) => rel in PROJECT_FILES)).toBe(true);
      expect(PLAIN_VISIBLE.every((rel) => rel in PLAIN_FILES)).toBe(true);
    } finally {
      tree.remove();
    }
    expect(existsSync(tree.base)).toBe(false);
  });

  it('sets HOME and XDG_CONFIG_HOME only when asked, and gives them back on remove', () => {
    const before = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
    const quiet = buildIgnoreTree();
    expect(process.env.HOME).toBe(before.HOME);
    quiet.remove();
    const tree = buildIgnoreTree({ setEnv: true });
    expect({ HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME }).toEqual(tree.env);
    tree.remove();
    expect({ HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME }).toEqual(before);
  });
});
