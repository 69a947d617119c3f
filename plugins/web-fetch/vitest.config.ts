import { packageTests } from '../../vitest.package.ts';

export default packageTests();
