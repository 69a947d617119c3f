/** The composition of the stock lug, for embedding and tests. The binary is bin/lug.js. */
export { composeLug, STOCK_PLUGINS, type Lug, type ComposeOptions, type StartupOptions } from './compose.js';
export { parseCliArgs, HELP, UsageError, type CliArgs, type OutputFormat } from './args.js';
export { main } from './main.js';
export { VERSION } from './version.js';
