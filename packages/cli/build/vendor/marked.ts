// dist/vendor/marked.cjs: see src/startup/vendor-bundles.ts.
export * from 'marked';
