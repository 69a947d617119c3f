// dist/vendor/anthropic-sdk.cjs: see src/startup/vendor-bundles.ts.
export * from '@anthropic-ai/sdk';
