// The CommonJS copy of @lug/core that start.ts runs (shared-bundles.ts).
export * from '@lug/core';
