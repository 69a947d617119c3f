import { packageTests } from '../../vitest.package.ts';

export default packageTests({ include: ['src/**/*.test.ts', 'test/**/*.test.ts'] });
