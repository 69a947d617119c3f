// dist/vendor/marked.cjs: see ../vendor-bundles.ts.
export * from 'marked';
