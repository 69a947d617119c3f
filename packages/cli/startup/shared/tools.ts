// The CommonJS copy of @lug/tools that start.ts runs (shared-bundles.ts).
export * from '@lug/tools';
