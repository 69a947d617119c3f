import { describe, expect, expectTypeOf, it } from 'vitest';
import * as tools from './index.js';
import { defineTool } from './define-tool.js';

describe('defineTool', () => {
  it('returns the tool as is, typed by its arguments', async () => {
    const tool = defineTool<{ name: string }>({
      name: 'hello',
      description: 'Say hello.',
      parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      handler: (args) => `hello ${args.name}`,
    });
    expectTypeOf(tool.handler).parameter(0).toEqualTypeOf<{ name: string }>();
    expect(await tool.handler({ name: 'lug' }, {} as never)).toBe('hello lug');
  });
});

describe('the package face', () => {
  it('re-exports what a plugin needs from @lug/core', () => {
    for (const name of ['ToolError', 'definePlugin', 'DEFAULT_LIMITS', 'truncateOutput', 'cutLine', 'toolSpec']) {
      expect(tools, name).toHaveProperty(name);
    }
    const plugin = tools.definePlugin({ name: 'p', tools: [] });
    expect(plugin.name).toBe('p');
    expect(new tools.ToolError('x')).toBeInstanceOf(Error);
  });

  it('exports the runner, the walker, the ripgrep helpers and the path helpers', () => {
    for (const name of [
      'runProcess',
      'spawnProcess',
      'processTable',
      'killAllProcesses',
      'installExitCleanup',
      'walkFiles',
      'listFiles',
      'locateRipgrep',
      'ripgrepIgnoreArgs',
      'compileGlob',
      'resolvePath',
      'displayPath',
      'isBinary',
      'LineBudget',
    ]) {
      expect(tools, name).toHaveProperty(name);
    }
  });
});
