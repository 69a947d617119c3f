// dist/vendor/openai.cjs: see src/startup/vendor-bundles.ts.
export * from 'openai';
