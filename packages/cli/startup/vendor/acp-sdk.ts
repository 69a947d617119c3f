// dist/vendor/acp-sdk.cjs: see ../vendor-bundles.ts.
export * from '@agentclientprotocol/sdk';
