import { describe, expect, it } from 'vitest';
import { AgentModes } from './agent-modes.js';

function modes() {
  const m = new AgentModes();
  const applied: string[] = [];
  let changes = 0;
  m.subscribe(() => void changes++);
  const spec = (id: string, fail = false) => ({
    id,
    name: id.toUpperCase(),
    description: `the ${id} mode`,
    apply: async (on: boolean) => {
      if (fail) throw new Error(`${id} cannot switch`);
      applied.push(`${id} ${on ? 'on' : 'off'}`);
    },
  });
  return { m, applied, spec, changes: () => changes };
}

describe('AgentModes', () => {
  it('keeps at most one mode on: turning one on lifts the other first', async () => {
    const { m, applied, spec } = modes();
    m.define(spec('plan'));
    m.define(spec('review'));
    expect(m.list()).toEqual([
      { id: 'plan', name: 'PLAN', description: 'the plan mode' },
      { id: 'review', name: 'REVIEW', description: 'the review mode' },
    ]);
    await m.set('plan', true);
    await m.set('plan', true); // already on: nothing applied again
    await m.set('review', true);
    expect(m.current()).toBe('review');
    await m.clear();
    expect(m.current()).toBeUndefined();
    expect(applied).toEqual(['plan on', 'plan off', 'review on', 'review off']);
  });

  it('tells its listeners of each change', async () => {
    const { m, spec, changes } = modes();
    const remove = m.define(spec('plan'));
    await m.set('plan', true);
    await m.set('plan', false);
    remove();
    expect(changes()).toBe(4);
    expect(m.has('plan')).toBe(false);
  });

  it('leaves the mode as it was when its apply fails, and says so to the caller', async () => {
    const { m, spec } = modes();
    m.define(spec('plan', true));
    await expect(m.set('plan', true)).rejects.toThrow('plan cannot switch');
    expect(m.current()).toBeUndefined();
  });

  it('refuses an unknown mode, naming the modes there are, and ids an editor uses for approval modes', async () => {
    const { m, spec } = modes();
    m.define(spec('plan'));
    await expect(m.set('plna', true)).rejects.toThrow('there is no mode "plna"; the modes are: plan');
    expect(() => m.define(spec('auto'))).toThrow('"auto" is an approval mode\'s id');
    expect(() => m.define(spec('Plan Mode'))).toThrow("a mode's id is lower-case letters");
  });
});
