import { packageBuild } from '../../tsup.package';

// `options` is its own entry so the CLI can define lug.opt.statusline before
// init.lua runs (headless too) without loading ink.
export default packageBuild({ entry: ['src/index.ts', 'src/options.ts'] });
