// dist/vendor/marked-terminal.cjs: see ../vendor-bundles.ts.
export * from 'marked-terminal';
