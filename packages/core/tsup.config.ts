import { packageBuild } from '../../tsup.package';

// Two entries: the package, and where lug keeps its files (`@lug/core/state-paths`), which the binary's start-up reads before it runs the package.
export default packageBuild({ entry: ['src/index.ts', 'src/state-paths.ts'] });
