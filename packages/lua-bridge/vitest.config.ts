import { packageTests } from '../../vitest.package';

export default packageTests({ include: ['src/**/*.test.ts', 'test/**/*.test.ts'] });
