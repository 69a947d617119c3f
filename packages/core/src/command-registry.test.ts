import { describe, expect, it } from 'vitest';
import { CommandRegistry } from './command-registry.js';

const command = (name: string) => ({ name, desc: '', source: 'test', run: () => {} });

describe('CommandRegistry.beforeRead', () => {
  it('lets a refresher register what appeared before get, list and complete read, and stops with its remover', () => {
    const registry = new CommandRegistry();
    const appeared: string[] = [];
    const made = new Set<string>();
    const remove = registry.beforeRead(() => {
      for (const name of appeared) if (!made.has(name)) made.add(name), registry.register(command(name));
    });
    expect(registry.get('late')).toBeUndefined();
    appeared.push('late');
    expect(registry.get('late')?.name).toBe('late');
    appeared.push('later');
    expect(registry.complete('lat')).toEqual(['late', 'later']);
    remove();
    appeared.push('latest');
    expect(registry.list().map((c) => c.name)).toEqual(['late', 'later']);
  });

  it('does not run a refresher again for a read made while it runs (by it, or by a listener of its changes)', () => {
    const registry = new CommandRegistry();
    let runs = 0;
    registry.onChange(() => registry.list());
    registry.beforeRead(() => {
      runs++;
      registry.get('x');
      if (runs === 1) registry.register(command('x'));
    });
    expect(registry.get('x')?.name).toBe('x');
    expect(runs).toBe(1);
  });
});
