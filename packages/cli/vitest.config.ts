import { packageTests } from '../../vitest.package.ts';

// startup/ holds the start-up machinery (startup/README.md), tested beside it.
export default packageTests({ include: ['src/**/*.test.{ts,tsx}', 'startup/**/*.test.ts'] });
