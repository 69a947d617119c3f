// dist/vendor/anthropic-sdk.cjs: see ../vendor-bundles.ts.
export * from '@anthropic-ai/sdk';
