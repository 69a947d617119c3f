import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Generous: CI runs several packages' suites at once on two cores.
    testTimeout: 30_000,
    // ink renders only a final frame when CI is set; these tests drive it as a terminal would.
    env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
  },
});
