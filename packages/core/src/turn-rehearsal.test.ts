/** A turn through core's turn code on a throwaway host: a whole answer, nothing left anywhere, never a rejection. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import { rehearseTurn } from './turn-rehearsal.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lug-rehearsal-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('rehearseTurn', () => {
  it('runs one turn to the end of its answer', async () => {
    const result = await rehearseTurn(tempDir());
    expect(result).toMatchObject({ reason: 'done', text: 'A rehearsal answer.' });
  });

  it('writes nothing: not in the project, not a session file', async () => {
    const project = tempDir();
    writeFileSync(join(project, 'AGENTS.md'), '# the project\n');
    const home = tempDir();
    const before = { ...process.env };
    // Were it to use the process's environment, its session would go under this HOME.
    process.env.HOME = home;
    process.env.XDG_STATE_HOME = join(home, 'state');
    try {
      expect(await rehearseTurn(project)).toMatchObject({ reason: 'done' });
    } finally {
      process.env.HOME = before.HOME;
      if (before.XDG_STATE_HOME === undefined) delete process.env.XDG_STATE_HOME;
      else process.env.XDG_STATE_HOME = before.XDG_STATE_HOME;
    }
    expect(readdirSync(project)).toEqual(['AGENTS.md']);
    expect(readdirSync(home)).toEqual([]);
  });

  it("says nothing on another host's events", async () => {
    const host = createHost({ cwd: tempDir(), authorize: allowAll });
    const seen: string[] = [];
    host.events.onAny((event) => seen.push(event.type));
    await rehearseTurn(host.cwd);
    expect(seen).toEqual([]);
  });

  it('never rejects: a turn that cannot run is undefined or an error, not a throw', async () => {
    const result = await rehearseTurn(join(tempDir(), 'no', 'such', 'dir'));
    expect(result === undefined || typeof result.reason === 'string').toBe(true);
  });
});
