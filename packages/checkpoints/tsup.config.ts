import { packageBuild } from '../../tsup.package';

export default packageBuild({ entry: ['src/index.ts'] });
