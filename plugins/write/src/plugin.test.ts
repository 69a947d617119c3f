import { allowAll, createHost, loadPlugin, parseArgs } from '@lug/core';
import { describe, expect, it } from 'vitest';
import plugin, { writeTool } from './index.js';

describe('the write plugin', () => {
  it('loads into a host through the public plugin contract', async () => {
    const host = createHost({ cwd: process.cwd(), authorize: allowAll });
    await loadPlugin(host, { default: plugin }, '@lug/plugin-write');
    expect(host.tools.get('write')).toMatchObject({ name: 'write', description: writeTool.description, parameters: writeTool.parameters });
    expect(host.tools.source('write')).toBe('write');
  });
  it('has a schema the core validator accepts and enforces', () => {
    expect(() => parseArgs('{"path": 3}', writeTool.parameters)).toThrow(/path must be a string/);
    expect(() => parseArgs('{"path": "x", "nope": 1}', writeTool.parameters)).toThrow(/nope is not an argument of this tool/);
  });
});
