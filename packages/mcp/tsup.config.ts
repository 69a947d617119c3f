import { packageBuild } from '../../tsup.package';

// Two entries: the configuration (no SDK, read on every start) and the client (the SDK, loaded only when a server is configured).
export default packageBuild({ entry: ['src/index.ts', 'src/config.ts'] });
