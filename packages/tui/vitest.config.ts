import { packageTests } from '../../vitest.package.ts';

export default packageTests({
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  // ink renders only a final frame when CI is set; these tests drive it as a terminal would.
  env: { CI: 'false', CONTINUOUS_INTEGRATION: 'false' },
});
