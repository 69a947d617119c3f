// The CommonJS copy of @lug/approvals that start.ts runs (shared-bundles.ts).
export * from '@lug/approvals';
