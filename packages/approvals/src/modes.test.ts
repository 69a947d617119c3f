import { allowAll, createHost, type EventOf } from '@lug/core';
import { describe, expect, it } from 'vitest';
import { ApprovalModes, AutoModeRefused } from './modes.js';

function setup(start?: 'off' | 'policy' | 'all') {
  const host = createHost({ cwd: process.cwd(), env: {}, authorize: allowAll });
  if (start) host.options.set('approval', start);
  const modes = new ApprovalModes(host);
  const changes: Array<Omit<EventOf<'mode_change'>, 'type'>> = [];
  host.events.on('mode_change', ({ from, to, auto }) => changes.push({ from, to, auto }));
  return { host, modes, changes };
}

describe('ApprovalModes', () => {
  it('starts in the option\'s mode, "policy" by default', () => {
    expect(setup().modes.mode()).toBe('policy');
    expect(setup('all').modes.mode()).toBe('all');
  });

  it('auto mode turns approval off and restores the mode it replaced', () => {
    const { modes, changes } = setup('all');
    modes.toggleAuto();
    expect(modes.mode()).toBe('off');
    expect(modes.isAuto()).toBe(true);
    modes.toggleAuto();
    expect(modes.mode()).toBe('all');
    expect(changes).toEqual([
      { from: 'all', to: 'off', auto: true },
      { from: 'off', to: 'all', auto: false },
    ]);
  });

  it('turning auto off when lug started in "off" goes to "policy"', () => {
    const { modes } = setup('off');
    expect(modes.isAuto()).toBe(true);
    modes.toggleAuto();
    expect(modes.mode()).toBe('policy');
  });

  it('emits mode_change when the option is set directly, and auto restores what that replaced', () => {
    const { host, modes, changes } = setup();
    host.options.set('approval', 'all');
    host.options.set('approval', 'off');
    expect(changes).toEqual([
      { from: 'policy', to: 'all', auto: false },
      { from: 'all', to: 'off', auto: true },
    ]);
    modes.toggleAuto();
    expect(modes.mode()).toBe('all');
  });

  it('emits nothing when the value does not change', () => {
    const { host, changes } = setup();
    host.options.set('approval', 'policy');
    expect(changes).toEqual([]);
  });

  it('refusing auto mode turns "off" into "policy", and toggling it on then throws saying why', () => {
    const { modes } = setup('off');
    modes.refuseAuto('init.lua failed to load');
    expect(modes.mode()).toBe('policy');
    expect(() => modes.toggleAuto()).toThrow(AutoModeRefused);
    expect(() => modes.toggleAuto()).toThrow('auto mode is refused: init.lua failed to load');
    expect(modes.mode()).toBe('policy');
    expect(modes.autoRefusal()).toBe('init.lua failed to load');
  });

  it('refusing auto mode leaves "all" as it is', () => {
    const { modes } = setup('all');
    modes.refuseAuto('broken');
    expect(modes.mode()).toBe('all');
  });
});
