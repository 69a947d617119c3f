export * from './sandbox-options.js';
export * from './sandbox-policy.js';
export * from './sandbox-launcher.js';
export * from './bwrap-args.js';
export * from './seatbelt-profile.js';
export * from './wrap-command.js';
export * from './blocked-by-sandbox.js';
export * from './write-boundary.js';
export { sandboxTempDir } from './sandbox-temp.js';
