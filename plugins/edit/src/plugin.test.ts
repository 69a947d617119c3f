import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allowAll, createHost, loadPlugin, parseArgs } from '@lug/core';
import { toolContext } from '@lug/testing';
import { describe, expect, it } from 'vitest';
import plugin, { editTool } from './index.js';

describe('the edit plugin', () => {
  it('loads into a host through the public plugin contract', async () => {
    const host = createHost({ cwd: process.cwd(), authorize: allowAll });
    await loadPlugin(host, { default: plugin }, '@lug/plugin-edit');
    expect(host.tools.get('edit')).toMatchObject({ name: 'edit', description: editTool.description, parameters: editTool.parameters });
    expect(host.tools.source('edit')).toBe('edit');
  });
  it('defines lug.opt.edit_max_bytes (256 MiB by default), which edit reads at each call', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lug-edit-plugin-'));
    writeFileSync(path.join(dir, 'f.txt'), 'hello world\n');
    const host = createHost({ cwd: dir, authorize: allowAll });
    await loadPlugin(host, { default: plugin }, '@lug/plugin-edit');
    expect(host.options.get('edit_max_bytes')).toBe(256 * 1024 * 1024);
    expect(() => host.options.set('edit_max_bytes', 0)).toThrow('option edit_max_bytes must be an integer from 1 to 524288000, got 0');
    host.options.set('edit_max_bytes', 5);
    const edit = host.tools.get('edit')!;
    await expect(edit.handler({ path: 'f.txt', old_string: 'hello', new_string: 'bye' }, toolContext(dir))).rejects.toThrow(/more than edit changes \(5 bytes/);
    host.options.set('edit_max_bytes', 100);
    await edit.handler({ path: 'f.txt', old_string: 'hello', new_string: 'bye' }, toolContext(dir));
    expect(readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe('bye world\n');
  });
  it('has a schema the core validator accepts and enforces', () => {
    expect(() => parseArgs('{"path": 3}', editTool.parameters)).toThrow(/path must be a string/);
    expect(() => parseArgs('{"path": "x", "nope": 1}', editTool.parameters)).toThrow(/nope is not an argument of this tool/);
  });
});
