import { defineConfig } from 'vitest/config';

// Generous timeouts: CI runs several packages' suites at once on two cores.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 } });
