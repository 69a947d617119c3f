import { allowAll, createHost, loadPlugin, parseArgs } from '@lug/core';
import { describe, expect, it } from 'vitest';
import plugin, { readTool } from './index.js';

describe('the read plugin', () => {
  it('loads into a host through the public plugin contract', async () => {
    const host = createHost({ cwd: process.cwd(), authorize: allowAll });
    await loadPlugin(host, { default: plugin }, '@lug/plugin-read');
    expect(host.tools.get('read')).toMatchObject({ name: 'read', description: readTool.description, parameters: readTool.parameters });
    expect(host.tools.source('read')).toBe('read');
  });
  it('has a schema the core validator accepts and enforces', () => {
    expect(() => parseArgs('{"path": 3}', readTool.parameters)).toThrow(/path must be a string/);
    expect(() => parseArgs('{"path": "x", "nope": 1}', readTool.parameters)).toThrow(/nope is not an argument of this tool/);
  });
});

describe('read arguments', () => {
  it('rejects an offset or limit below 1, or not an integer', () => {
    expect(() => parseArgs('{"path": "x", "offset": 0}', readTool.parameters)).toThrow(/offset must be an integer ≥ 1/);
    expect(() => parseArgs('{"path": "x", "limit": 1.5}', readTool.parameters)).toThrow(/limit must be an integer ≥ 1/);
  });
});
