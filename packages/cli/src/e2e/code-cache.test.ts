// The binary runs its bundles from V8 code caches (startup/start.ts): the
// first run writes them, the next runs take them (a cache V8 rejects would be
// written again as the run exits), and a broken one costs nothing but time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pollUntil, text } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';
import { cacheFileOf, tagOf } from '../../startup/code-cache.js';
import { LAYOUT_TIERING_FLAG } from '../layout-tiering.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bundle a cache file is of (its name without the build's stamp and the flags'). */
const bundleOf = (file: string) => cacheFileOf(file)?.bundle ?? file;

/**
 * The V8 cache directory of a kind of run in a sandbox's home, and the caches in it (none while it is not made). A
 * cache being written is a `….v8cache.PID.tmp` file until it is renamed into place: not a cache yet, and gone by the
 * time it is looked at (a stat of one failed this suite once).
 */
const v8CacheDir = (box: ReturnType<typeof sandbox>, kind: string) => join(box.home, '.cache', 'lug', 'v8', kind);
const cacheFilesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
  } catch {
    return [];
  }
};

describe('the V8 code caches of lug -p', () => {
  it('are written by the first run, taken by the next, and replaced when broken', async () => {
    const box = sandbox();
    const server = await lugs.server([text('one'), text('two'), text('three')]);
    const env = lugEnv(server, 'anthropic', box);
    const cacheDir = v8CacheDir(box, 'headless');
    const caches = () => Object.fromEntries(cacheFilesIn(cacheDir).map((f) => [bundleOf(f), join(cacheDir, f)]));

    const first = await runLug(['-p', 'hi'], { cwd: box.project, env });
    expect(first.stdout).toBe('one\n');
    // The interface's bundle, the shared packages' copies (startup/shared-bundles.ts), the SDK's, which this
    // run loaded for its request, and fengari's (the Lua bridge's bundle, run by start.ts's loader).
    expect(Object.keys(caches()).sort()).toEqual(['anthropic-sdk', 'approvals', 'core', 'fengari', 'lua-bridge', 'lug', 'tools']);
    const written = Object.fromEntries(Object.entries(caches()).map(([name, file]) => [name, statSync(file).mtimeMs]));

    const second = await runLug(['-p', 'hi'], { cwd: box.project, env });
    expect(second.stdout).toBe('two\n');
    for (const [name, file] of Object.entries(caches())) expect(statSync(file).mtimeMs, name).toBe(written[name]);

    writeFileSync(caches().lug!, 'not a code cache');
    const third = await runLug(['-p', 'hi'], { cwd: box.project, env });
    expect(third.code).toBe(0);
    expect(third.stdout).toBe('three\n');
    expect(readFileSync(caches().lug!, 'latin1')).not.toBe('not a code cache');
  });
});

describe('the V8 code caches kept beside lug', () => {
  // startup/code-cache.ts: written beside the package (.cache/v8/…) as well as in the user's cache, and read from
  // there by a start whose own cache has none (a new $XDG_CACHE_HOME), which keeps a copy.
  it('are what a run with a new home starts from, copied into its own cache', async () => {
    const shared = fileURLToPath(new URL('../../.cache/v8/headless/', import.meta.url));
    const server = await lugs.server([text('one'), text('two'), text('two'), text('two')]);
    const a = sandbox();
    expect((await runLug(['-p', 'hi'], { cwd: a.project, env: lugEnv(server, 'anthropic', a) })).stdout).toBe('one\n');
    const ownOf = (box: ReturnType<typeof sandbox>) => v8CacheDir(box, 'headless');
    const names = cacheFilesIn(ownOf(a));
    const inodes = () => Object.fromEntries(names.map((f) => [f, statSync(join(shared, f)).ino]));
    // Not written again by a run with a new home (one that compiled would have). Other test files' first runs may
    // still be writing theirs as this starts (a clean clone's first runs all compile): up to three tries.
    let untouched = false;
    for (let attempt = 0; attempt < 3 && !untouched; attempt++) {
      const before = inodes();
      const b = sandbox();
      expect((await runLug(['-p', 'hi'], { cwd: b.project, env: lugEnv(server, 'anthropic', b) })).stdout).toBe('two\n');
      // The new home holds the same caches, copies of those beside lug.
      expect(cacheFilesIn(ownOf(b)).sort()).toEqual([...names].sort());
      const copies = names.every((f) => readFileSync(join(ownOf(b), f)).equals(readFileSync(join(shared, f))));
      untouched = JSON.stringify(inodes()) === JSON.stringify(before);
      if (untouched) expect(copies).toBe(true);
    }
    expect(untouched).toBe(true);
  });
});

describe('the compiled stock Lua of lug -p', () => {
  // The build compiles the prelude, basic.lug and the workflows (lua-bridge's compile-chunks.ts): a first run in a
  // fresh home reads them and parses only the user's init.lua, the one chunk it writes to its own cache.
  it('comes from the build: a first run compiles only init.lua into its cache', async () => {
    const box = sandbox('answer = 42');
    const server = await lugs.server([text('one')]);
    const run = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(run.stdout).toBe('one\n');
    expect(readdirSync(join(box.home, '.cache', 'lug', 'lua')).filter((f) => f.endsWith('.luac'))).toHaveLength(1);
  });
});

describe.skipIf(!hasTmux())('the V8 code caches of the interface', () => {
  it("are the interface's own: lug -p's, written before, are neither read nor replaced by it (startup/run-kind.ts)", async () => {
    const box = sandbox();
    const cachesOf = (kind: string): Record<string, number> => {
      const dir = v8CacheDir(box, kind);
      return Object.fromEntries(cacheFilesIn(dir).map((f) => [bundleOf(f), statSync(join(dir, f)).mtimeMs]));
    };
    const server = await lugs.server([text('one'), text('two')]);
    expect((await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) })).stdout).toBe('one\n');
    const headless = cachesOf('headless');
    expect(Object.keys(headless)).toContain('lug');
    // With one cache for both, the interface would take -p's lug.cjs cache and write none of its own.
    await lugs.screen().startLug(server, box, { env: { CI: 'true' } });
    expect(await pollUntil(() => 'lug' in cachesOf('interface'), 10_000)).toBe(true);
    expect(cachesOf('headless')).toEqual(headless);
  }, 40_000);

  // layout-tiering.ts: set before the first bundle runs, every cache the interface writes carries the flag. Set as
  // the interface loaded ink, lug.cjs's cache was written then, before the interface's code had run: later first
  // screens compiled it from source (17 ms).
  it("carry the layout's tiering flag, from the first bundle on; lug -p's carry none", async () => {
    const box = sandbox();
    const namesOf = (kind: string) => cacheFilesIn(v8CacheDir(box, kind));
    const server = await lugs.server([text('one'), text('two')]);
    expect((await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) })).stdout).toBe('one\n');
    const { screen: s } = await lugs.start([text('Done.')], box, { env: { CI: 'true' } });
    // The start's bundles (the SDK's and the renderer's come with the first prompt).
    const startBundles = ['approvals', 'core', 'fengari', 'lua-bridge', 'lug', 'tools'];
    const written = () => startBundles.every((b) => namesOf('interface').some((f) => bundleOf(f) === b));
    expect(await pollUntil(written, 10_000), namesOf('interface').join(' ')).toBe(true);
    const tag = `${tagOf([LAYOUT_TIERING_FLAG])}.v8cache`;
    for (const name of namesOf('interface')) expect(name.endsWith(tag), name).toBe(true);
    expect(namesOf('headless').length).toBeGreaterThan(0);
    for (const name of namesOf('headless')) expect(name).not.toMatch(/-f[0-9a-f]{8}\.v8cache$/);
    await s.submit(':q');
    expect(await pollUntil(() => s.paneDead(), 15_000)).toBe(true);
  }, 40_000);

  it("are written a moment after the start for the start's bundles, and once the first turn is over for those loaded later, never while the first answer comes", async () => {
    const box = sandbox();
    const cached = () => cacheFilesIn(v8CacheDir(box, 'interface')).map(bundleOf);
    const { screen: s } = await lugs.start([text('Done.')], box, { env: { CI: 'true' } });
    expect(await pollUntil(() => cached().includes('lug'), 10_000)).toBe(true);
    // Past settle-heap.ts's moment (a second after the first frame), whose flag would write what waits then.
    await sleep(1000);
    // Typing loads the Markdown renderer and the SDK (warm-while-typing.ts); a second and a half later, well past
    // start.ts's SAVE_AFTER_MS, their caches are still to be written: a timer wrote them as the answer streamed.
    s.type('hello');
    await s.waitFor(/hello/);
    await sleep(1500);
    expect(cached()).not.toContain('marked-terminal');
    expect(cached()).not.toContain('anthropic-sdk');
    s.type('\r');
    await s.waitFor(/Done\./, 15_000);
    // Once the turn is over, without quitting.
    expect(await pollUntil(() => cached().includes('marked-terminal') && cached().includes('anthropic-sdk'), 10_000), cached().join(' ')).toBe(true);
    await s.submit(':q');
    expect(await pollUntil(() => s.paneDead(), 15_000)).toBe(true);
  }, 40_000);

  // V8 rejects a cache written under other flags, and the interface sets one as it runs (settle-heap.ts, a second
  // after the first frame). With caches named by the build alone, the Markdown renderer's and the SDK's were
  // rejected and written again whenever one session's first prompt came before that moment and the last one's after.
  it('are taken, not written again, whether the first prompt comes at once or after a while', async () => {
    const box = sandbox();
    const cacheDir = v8CacheDir(box, 'interface');
    const written = () => Object.fromEntries(cacheFilesIn(cacheDir).map((f) => [f, statSync(join(cacheDir, f)).ino]));
    const session = async (waitMs: number) => {
      const { screen: s } = await lugs.start([text('## Done\n\nWith **Markdown**.')], box, { env: { CI: 'true' } });
      await sleep(waitMs);
      s.type('hello\r');
      await s.waitFor(/With Markdown/, 15_000);
      // Past the caches' writing after the first turn, and settle-heap.ts's moment.
      await sleep(1500);
      await s.submit(':q');
      expect(await pollUntil(() => s.paneDead(), 15_000)).toBe(true);
    };
    await session(0);
    await session(2000);
    const before = written();
    expect(Object.keys(before).map(bundleOf)).toEqual(expect.arrayContaining(['marked', 'marked-terminal', 'anthropic-sdk']));
    await session(0);
    await session(2000);
    expect(written()).toEqual(before);
  }, 90_000);
});
