/** How every package of lug runs its tests: files beside the code, generous timeouts. Packages pass what differs. */
import { defineConfig } from 'vitest/config';

type TestOptions = NonNullable<Parameters<typeof defineConfig>[0] extends infer C ? (C extends { test?: infer T } ? T : never) : never>;

export function packageTests(overrides: TestOptions = {}) {
  return defineConfig({
    // Generous: CI runs several packages' suites at once on two cores.
    test: { include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000, ...overrides },
  });
}
