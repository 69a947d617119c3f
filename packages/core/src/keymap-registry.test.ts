import { describe, expect, it } from 'vitest';
import { KeymapRegistry } from './keymap-registry.js';

const binding = (keys: string, extra: object = {}) => ({ keys, desc: keys, source: 'test', run: () => {}, ...extra });

describe('KeymapRegistry', () => {
  it('finds a binding by any spelling of its keys', () => {
    const keys = new KeymapRegistry();
    keys.set(binding('<c-G>'));
    expect(keys.get('<C-g>')?.keys).toBe('<C-g>');
  });

  it('tells a sequence from its start: the keys so far are a binding, or lead to a longer one', () => {
    const keys = new KeymapRegistry();
    keys.set(binding('gg', { modes: ['n'] }));
    keys.set(binding('g', { modes: ['n'] }));
    expect(keys.match(['g'], 'n')).toMatchObject({ binding: { keys: 'g' }, longer: true });
    expect(keys.match(['g', 'g'], 'n')).toMatchObject({ binding: { keys: 'gg' }, longer: false });
    expect(keys.match(['g'], 'i')).toEqual({ binding: undefined, longer: false });
    expect(keys.startsAny('g')).toBe(true);
    expect(keys.startsAny('x')).toBe(false);
  });

  it('keeps a binding per mode, and one without modes is in every mode', () => {
    const keys = new KeymapRegistry();
    keys.set(binding('<C-t>', { desc: 'everywhere' }));
    keys.set(binding('<C-t>', { desc: 'normal', modes: ['n'] }));
    expect(keys.get('<C-t>', 'i')?.desc).toBe('everywhere');
    expect(keys.get('<C-t>', 'n')?.desc).toBe('normal');
    expect(keys.list().map((b) => [b.desc, b.modes])).toEqual([
      ['normal', ['n']],
      ['everywhere', ['i']],
    ]);
  });

  it('gives an overridden binding back when the override is removed', () => {
    const keys = new KeymapRegistry();
    keys.set(binding('<C-g>', { desc: 'tui' }));
    const remove = keys.set(binding('<C-g>', { desc: 'lua' }));
    expect(keys.get('<C-g>')?.desc).toBe('lua');
    remove();
    remove();
    expect(keys.get('<C-g>')?.desc).toBe('tui');
  });

  it('refuses notation a key press can never match', () => {
    expect(() => new KeymapRegistry().set(binding('<C-x'))).toThrow('not closed');
  });
});
