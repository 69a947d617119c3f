/** Tools get ready while the model answers the first request: once, when its answer begins, and a failure is only a warning. */
import { describe, expect, it } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import { ToolRegistryError } from './tool-registry.js';
import { warmTools } from './tool-warm-up.js';

const tick = () => new Promise((r) => setImmediate(r));
const tool = (name: string, warm?: (ctx: { cwd: string }) => void | Promise<void>) => ({
  name,
  description: name,
  parameters: { type: 'object' as const, properties: {} },
  handler: () => '',
  warm,
});

describe('tool warm-up', () => {
  it('warms each tool once, when the first answer begins (not when the request starts), with the project directory', async () => {
    const host = createHost({ cwd: '/project', authorize: allowAll });
    const warmed: string[] = [];
    host.tools.register(tool('a', ({ cwd }) => void warmed.push(`a ${cwd}`)), 'test');
    host.tools.register(tool('b'), 'test');
    await tick();
    expect(warmed).toEqual([]);
    host.events.emit('request_start', { step: 1, model: 'm' });
    await tick();
    await tick();
    expect(warmed).toEqual([]); // the request is still being sent
    host.events.emit('response_start', { step: 1 });
    expect(warmed).toEqual([]); // not on the request's own tick
    await tick();
    await tick();
    expect(warmed).toEqual(['a /project']);
    host.events.emit('response_start', { step: 2 });
    await tick();
    await tick();
    expect(warmed).toEqual(['a /project']);
  });

  it('says a warm-up that failed as a warning naming the tool, and the turn goes on', async () => {
    const host = createHost({ cwd: '/project', authorize: allowAll });
    const notes: Array<{ message: string; level: string }> = [];
    host.events.on('notify', (e) => void notes.push({ message: e.message, level: e.level }));
    host.tools.register(tool('broken', async () => Promise.reject(new Error('no such program'))), 'test');
    host.tools.register(
      tool('throws', () => {
        throw new Error('at once');
      }),
      'test',
    );
    host.events.emit('response_start', { step: 1 });
    for (let i = 0; i < 4; i++) await tick();
    expect(notes.sort((x, y) => x.message.localeCompare(y.message))).toEqual([
      { message: 'the broken tool could not get ready: no such program (its calls will say the same)', level: 'warn' },
      { message: 'the throws tool could not get ready: at once (its calls will say the same)', level: 'warn' },
    ]);
  });

  it('refuses a warm that is not a function', () => {
    const host = createHost({ cwd: '/project', authorize: allowAll });
    expect(() => host.tools.register({ ...tool('x'), warm: 'soon' as never }, 'test')).toThrow(ToolRegistryError);
    expect(() => host.tools.register({ ...tool('x'), warm: 'soon' as never }, 'test')).toThrow(/warm must be a function/);
  });
});

describe('warmTools', () => {
  it('warms once a host: called while the user types, the first request warms nothing again', async () => {
    const host = createHost({ cwd: '/project', authorize: allowAll });
    let runs = 0;
    host.tools.register(tool('a', () => void runs++), 'test');
    warmTools(host);
    warmTools(host);
    host.events.emit('response_start', { step: 1 });
    for (let i = 0; i < 4; i++) await tick();
    expect(runs).toBe(1);
  });
});
