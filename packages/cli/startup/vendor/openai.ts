// dist/vendor/openai.cjs: see ../vendor-bundles.ts.
export * from 'openai';
