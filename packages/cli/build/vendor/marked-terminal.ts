// dist/vendor/marked-terminal.cjs: see src/startup/vendor-bundles.ts.
export * from 'marked-terminal';
