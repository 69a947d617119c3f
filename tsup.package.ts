/** How every package of lug builds: ESM + .d.ts for Node 20, `node:` imports kept. Packages pass what differs. */
import { defineConfig, type Options } from 'tsup';

export function packageBuild(overrides: Options = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    clean: true,
    target: 'node20',
    // tsup would otherwise rewrite `node:test` to `test` (STACK.md).
    removeNodeProtocol: false,
    ...overrides,
  });
}
