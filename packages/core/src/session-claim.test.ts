import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import { SessionInUseError } from './session-claim.js';
import { SessionStore } from './session-store.js';
import { Session } from './session.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeWith(ids: string[]): SessionStore {
  const dir = mkdtempSync(join(tmpdir(), 'lug-claim-'));
  dirs.push(dir);
  const store = new SessionStore(dir);
  for (const id of ids) writeFileSync(store.pathOf(id), `${JSON.stringify({ type: 'session', id, cwd: dir, created: new Date().toISOString(), version: 1 })}\n`);
  return store;
}

/** Another lug holding session `id`: a running process whose pid (and start time) its lock file names. */
function heldElsewhere(store: SessionStore, id: string): ChildProcess {
  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(other);
  const stat = readFileSync(`/proc/${other.pid}/stat`, 'utf8');
  const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  writeFileSync(`${store.pathOf(id)}.lock`, `${other.pid} ${start}\n`);
  return other;
}

const host = () => createHost({ cwd: '/tmp', authorize: allowAll });

describe('a session file has one writer', () => {
  it('refuses to go on with a session another running lug writes to, naming its process', () => {
    const store = storeWith(['s1']);
    const other = heldElsewhere(store, 's1');
    expect(() => new Session(host(), { store, id: 's1' })).toThrow(SessionInUseError);
    expect(() => new Session(host(), { store, id: 's1' })).toThrow(`session s1 is open in another lug (process ${other.pid}), which writes to it`);
  });

  it("takes over the claim of a lug that has gone, or of a process that only has its pid now", async () => {
    const store = storeWith(['s1', 's2']);
    const other = heldElsewhere(store, 's1');
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    expect(() => new Session(host(), { store, id: 's1' })).not.toThrow();
    // A running process, but not the one that wrote the claim (another start time): its pid was used again.
    writeFileSync(`${store.pathOf('s2')}.lock`, `${process.ppid} 1\n`);
    expect(() => new Session(host(), { store, id: 's2' })).not.toThrow();
    expect(readFileSync(`${store.pathOf('s2')}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
  });

  it('gives a lug that is closing a moment to let go (its terminal closed, then --continue at once)', () => {
    const store = storeWith(['s1']);
    const closing = spawn('sleep', ['0.5'], { stdio: 'ignore' });
    children.push(closing);
    writeFileSync(`${store.pathOf('s1')}.lock`, `${closing.pid}\n`);
    // Its process ends while the claim waits (a zombie, not reaped while the wait blocks: one counts as ended).
    expect(() => new Session(host(), { store, id: 's1' })).not.toThrow();
  });

  it(':resume of a session in use is refused and changes nothing; a switch lets go of the session left', () => {
    const store = storeWith(['s1', 's2', 's3']);
    const session = new Session(host(), { store, id: 's1' });
    expect(existsSync(`${store.pathOf('s1')}.lock`)).toBe(true);
    heldElsewhere(store, 's2');
    expect(() => session.resume('s2', [])).toThrow(SessionInUseError);
    expect(session.id).toBe('s1');
    expect(existsSync(`${store.pathOf('s1')}.lock`)).toBe(true);
    session.resume('s3', []);
    expect(existsSync(`${store.pathOf('s1')}.lock`)).toBe(false);
    expect(existsSync(`${store.pathOf('s3')}.lock`)).toBe(true);
    session.reset();
    expect(existsSync(`${store.pathOf('s3')}.lock`)).toBe(false);
  });
});
