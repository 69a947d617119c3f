import { describe, expect, it } from 'vitest';
import { killAllProcesses } from './exit-cleanup.js';
import { processTable, ProcessTable } from './process-table.js';
import { runProcess, spawnProcess } from './run-process.js';

describe('processTable', () => {
  it('is one table per process, shared by every copy of the package', () => {
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('lug.tools.processTable')]).toBe(processTable);
    expect(processTable).toBeInstanceOf(ProcessTable);
  });

  it('counts running calls and background groups, and tells subscribers', async () => {
    let changes = 0;
    const unsubscribe = processTable.subscribe(() => changes++);
    const handle = spawnProcess({ shell: 'sleep 30' });
    expect(processTable.running()).toBe(1);
    expect(processTable.list().map((e) => e.command)).toContain('sleep 30');
    await handle.kill();
    await handle.wait();
    expect(processTable.running()).toBe(0);
    await runProcess({ shell: 'sleep 30 > /dev/null 2>&1 &' });
    expect(processTable.background()).toBe(1);
    await killAllProcesses({ graceMs: 100 });
    expect(processTable.background()).toBe(0);
    unsubscribe();
    expect(changes).toBeGreaterThanOrEqual(4);
  });

  it('forgets a finished call whose group is gone', async () => {
    await runProcess({ shell: 'true' });
    expect(processTable.list()).toEqual([]);
  });
});
