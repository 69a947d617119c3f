// The CommonJS copy of @lug/lua-bridge that start.ts runs (shared-bundles.ts).
export * from '@lug/lua-bridge';
