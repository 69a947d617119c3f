/** The configuration half of @lug/mcp, without the SDK: what every start reads. */
export * from './server-config.js';
