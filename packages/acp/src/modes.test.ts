import { describe, expect, it } from 'vitest';
import { AgentModes } from '@lug/core';
import { approvalModeOf, modeIdOf, modeState, SESSION_MODES } from './modes.js';

describe("lug's approval modes as ACP session modes", () => {
  it('are policy, all and auto, auto being approval "off"', () => {
    expect(SESSION_MODES.map((m) => m.id)).toEqual(['policy', 'all', 'auto']);
    expect(['policy', 'all', 'auto'].map((id) => approvalModeOf(id))).toEqual(['policy', 'all', 'off']);
    expect((['policy', 'all', 'off'] as const).map(modeIdOf)).toEqual(['policy', 'all', 'auto']);
  });

  it('refuse an id that is not a mode, naming those there are', () => {
    expect(() => approvalModeOf('yolo')).toThrow('unknown mode "yolo"; lug\'s modes are policy, all, auto');
    expect(() => approvalModeOf('toString')).toThrow(/unknown mode/);
  });

  it('give the state with the current mode and copies of every mode', () => {
    const state = modeState('off', new AgentModes());
    expect(state.currentModeId).toBe('auto');
    state.availableModes[0]!.name = 'changed';
    expect(SESSION_MODES[0]!.name).toBe('Policy');
  });

  it("offer a plugin's modes after the approval modes; one that is on is the session's mode", async () => {
    const modes = new AgentModes();
    modes.define({ id: 'plan', name: 'Plan', description: 'read only', apply: () => undefined });
    expect(modeState('policy', modes).availableModes.map((m) => m.id)).toEqual(['policy', 'all', 'auto', 'plan']);
    expect(modeState('policy', modes).currentModeId).toBe('policy');
    await modes.set('plan', true);
    expect(modeState('policy', modes).currentModeId).toBe('plan');
  });
});
