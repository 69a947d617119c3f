import { allowAll, createHost, loadPlugin, parseArgs } from '@lug/core';
import { describe, expect, it } from 'vitest';
import plugin, { editTool } from './index.js';

describe('the edit plugin', () => {
  it('loads into a host through the public plugin contract', async () => {
    const host = createHost({ cwd: process.cwd(), authorize: allowAll });
    await loadPlugin(host, { default: plugin }, '@lug/plugin-edit');
    expect(host.tools.get('edit')).toMatchObject({ name: 'edit', description: editTool.description, parameters: editTool.parameters });
    expect(host.tools.source('edit')).toBe('edit');
  });
  it('has a schema the core validator accepts and enforces', () => {
    expect(() => parseArgs('{"path": 3}', editTool.parameters)).toThrow(/path must be a string/);
    expect(() => parseArgs('{"path": "x", "nope": 1}', editTool.parameters)).toThrow(/nope is not an argument of this tool/);
  });
});
