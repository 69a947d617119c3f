import { packageBuild } from '../../tsup.package';

// provider-contract imports vitest: an entry of its own keeps the main one free of it.
export default packageBuild({ entry: ['src/index.ts', 'src/provider-contract.ts'] });
